#!/bin/sh
echo "the offline @remote_coverage_tools stand-in has no coverage tools" >&2
exit 1

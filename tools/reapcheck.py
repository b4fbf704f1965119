#!/usr/bin/env python3
"""Entry point of tools/reapcheck; the driver is tools/reapcheck_lib/driver.py."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reapcheck_lib.driver import main  # noqa: E402

if __name__ == '__main__':
    sys.exit(main())

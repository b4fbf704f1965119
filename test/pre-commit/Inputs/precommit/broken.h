/* A header no source includes, that does not compile. */
int broken_function(

"""inkblog: a static blog generator: posts, tags, archive, paginated index, feed."""

"""The site's promises: published anchors, the rulings lock, and reading a built site."""

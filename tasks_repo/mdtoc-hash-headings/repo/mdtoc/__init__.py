"""mdtoc: tables of contents for Markdown files, with GitHub-style heading anchors."""

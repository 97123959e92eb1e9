from inkblog.markdown import inline, to_html


def test_inline_markup():
    assert inline("a *b* **c** [d](https://e.org) <x>") == \
        'a <em>b</em> <strong>c</strong> <a href="https://e.org">d</a> &lt;x&gt;'


def test_blocks():
    text = "# Title\n\nFirst line\nsecond line.\n\n## Sub"
    assert to_html(text) == "<h1>Title</h1>\n<p>First line second line.</p>\n<h2>Sub</h2>"

"""The corpus the web tests serve: the small real corpus (the 2026 rules, card data, rulings, the
keyword table; the seeds' Spanish and French pages come with every store), the 2025-06-06 rules
(for the history and the changes between editions) and a hostile saved
page: a Spanish rule page whose text carries `<script>` and an `<img onerror>`, and whose
markup has script and a `javascript:` link of its own (the page reader keeps the link's words,
not its address)."""

from __future__ import annotations

from pathlib import Path

from conftest import REAL_CORPUS, ingested_home

# What the hostile page's text holds, as a reader of the page sees it.
SCRIPT_TEXT = '<script>alert("texto")</script>'
IMAGE_TEXT = '<img src=x onerror=alert("img")>'

HOSTILE_PAGE = """<!DOCTYPE html><html><head><title>Reglas</title><script>alert("head")</script></head><body>
<main><article>
<h1>702.158. Escultor espacial</h1>
<h2>Subreglas</h2>
<div><p>Una carta (Space Beleren) tiene la habilidad de escultor espacial. &lt;script&gt;alert("texto")&lt;/script&gt;
Esta habilidad de palabra clave hace que las criaturas obtengan designaciones de sector.</p></div>
<div><p>Una designación de sector es una designación que puede tener un permanente. Las designaciones de sector son
sector alfa, sector beta y sector gamma. &lt;img src=x onerror=alert("img")&gt; Solo los permanentes pueden tener una
designación de sector.</p><script>alert("body")</script></div>
<div><p>Cada vez que un permanente con escultor espacial y alguna criatura sin designación de sector están en el campo de
batalla, cada jugador elige una designación de sector. Esta es una acción basada en estado (véase la regla 704.5u).</p></div>
<div><p>Algunas habilidades incluyen una instrucción de elegir un sector junto con una instrucción de realizar una acción
en cada criatura de ese sector. <a href="javascript:alert('markup')">Un enlace</a></p></div>
<div><p>Dos permanentes están en el mismo sector si cada uno tiene la misma designación de sector.</p></div>
</article></main></body></html>
"""


def web_home(folder: Path) -> Path:
    """`folder` made a home holding the web tests' corpus."""
    page = folder / "pages" / "702-158-escultor.html"
    page.parent.mkdir(parents=True)
    page.write_text(HOSTILE_PAGE, encoding="utf-8")
    from mtgrules.align import ingest
    from mtgrules.store import Store

    home = ingested_home(folder / "home", ["cr/en-20250606.txt", *REAL_CORPUS])
    ingest.ingest([str(page)], corpus=Store(home / "corpus.sqlite3"))
    return home

"""Words that mark a block of a saved page as the site's chrome rather than its content.

Structure finds most chrome (links, headers, footers, other containers: see `site_blocks`), but
a page saved as text, or a `<div>` footer, leaves only the words: a copyright line, a cookie
notice, an advertisement label, the fan-content notice every rules site carries. No rule or
ruling says these, in any of the languages the site pages come in.
"""

from __future__ import annotations

import functools
import re

# Matched against the case-folded text, accents optional (folding every block of a page cost
# more than reading it).
_CHROME = re.compile(
    r"©|\(c\) ?\d{4}|\bcopyright\b|\bcookies?\b|derechos reservados|droits r[eé]serv[eé]s|all rights reserved"
    r"|pol[ií]tica de privacidad|politique de confidentialit[eé]|privacy policy|aviso legal|mentions l[eé]gales"
    r"|t[eé]rminos de uso|conditions d.utilisation|terms of (use|service)|wizards of the coast|fan content policy"
    r"|javascript|newsletter|suscr[ií]bete|abonnez-vous|inicia sesi[oó]n|connectez-vous|^publicidad$|^publicit[eé]$"
    r"|^advertisement$|^anuncio$|volver arriba|retour en haut|back to top"
)
# Links to the previous and next rule, in a short line, when a page saved as text lost the links.
_NAVIGATION = re.compile(
    r"^[←«<]|[→»>]$|\b(regla|r[eè]gle|rule) (anterior|siguiente|pr[eé]c[eé]dente|suivante)\b|\b(previous|next) rule\b"
)


@functools.lru_cache(maxsize=8192)  # the readers ask of the same blocks in several passes
def is_chrome_text(text: str) -> bool:
    """True for a block whose words are the site's, not the rules'."""
    folded = text.casefold()
    return bool(_CHROME.search(folded)) or (len(folded.split()) <= 12 and bool(_NAVIGATION.search(folded)))

"""Words that mark a block of a saved page as the site's chrome rather than its content.

Structure finds most chrome (links, headers, footers, other containers: see `site_blocks`), but
a page saved as text, or a `<div>` footer, leaves only the words: a copyright line, a cookie
notice, an advertisement label, the fan-content notice every rules site carries. No rule or
ruling says these, in any of the languages the site pages come in.
"""

from __future__ import annotations

import re

from mtgrules.text import fold

_CHROME = re.compile(
    r"©|\(c\) ?\d{4}|\bcopyright\b|\bcookies?\b|derechos reservados|droits reserves|all rights reserved"
    r"|politica de privacidad|politique de confidentialite|privacy policy|aviso legal|mentions legales"
    r"|terminos de uso|conditions d.utilisation|terms of (use|service)|wizards of the coast|fan content policy"
    r"|javascript|newsletter|suscribete|abonnez-vous|inicia sesion|connectez-vous|^publicidad$|^publicite$"
    r"|^advertisement$|^anuncio$|volver arriba|retour en haut|back to top"
)
# Links to the previous and next rule, in a short line, when a page saved as text lost the links.
_NAVIGATION = re.compile(r"^[←«<]|[→»>]$|\b(regla|regle|rule) (anterior|siguiente|precedente|suivante)\b|\b(previous|next) rule\b")


def is_chrome_text(text: str) -> bool:
    """True for a block whose words are the site's, not the rules'."""
    folded = fold(text)
    return bool(_CHROME.search(folded)) or (len(folded.split()) <= 12 and bool(_NAVIGATION.search(folded)))

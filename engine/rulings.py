"""The English rulings the engine implements, named by card and `ruling_digest` of their text.

The text itself stays out of the repository (it is Wizards' and Gatherer's); each name has a
short paraphrase of our own. Digests come from MTGJSON: Kitnap (Bloomburrow), Electrozoa
(Modern Horizons 3), Harnessed Lightning and Aetherstorm Roc (Kaladesh). A test recomputes
every digest from ../shared/corpus-data, so a typo or a reworded ruling is caught.
"""

# Kitnap (gift)
KITNAP_PROMISE = ("Kitnap", "ae70792a834d")  # promising is an additional cost that names an opponent
KITNAP_INSTANT_FIRST = ("Kitnap", "39688066a60a")  # instants/sorceries: gift given first, on resolution
KITNAP_PERMANENT_TRIGGER = ("Kitnap", "883786ac0072")  # permanents: an enters trigger gives it
KITNAP_COUNTERED = ("Kitnap", "ae087cefcf0a")  # countered or not resolving: no gift
KITNAP_COPIES = ("Kitnap", "e5b49e1a42c7")  # a spell copy keeps the promise; a permanent copy doesn't
KITNAP_KINDS = ("Kitnap", "4ece1b60cbfd")  # the six kinds of gift and what each gives
KITNAP_GIFT_TARGETS = ("Kitnap", "da24d7410b25")  # targets needing the promise are chosen only with it
KITNAP_ONCE = ("Kitnap", "a2c8860b84ae")  # the gift cost can be paid only once

# Electrozoa (energy)
ELECTROZOA_PLAYER_COUNTERS = ("Electrozoa", "24129044d8e7")  # energy is a player's counter, not a permanent's
ELECTROZOA_NOT_MANA = ("Electrozoa", "d6e868b6fd77")  # not mana: stays between steps, no "any type" mana
ELECTROZOA_MAY_PAY_ILLEGAL = ("Electrozoa", "82bee8aa1009")  # targets all illegal: no resolution, no paying
ELECTROZOA_GET_AND_PAY = ("Electrozoa", "041670b51ab3")  # get N = N counters; paying loses them; not more than you have
ELECTROZOA_GAIN_ILLEGAL = ("Electrozoa", "e9973c9bc25b")  # targets all illegal: no energy gained
ELECTROZOA_PAY_ONCE = ("Electrozoa", "9fd713ef9564")  # a "may pay" is paid once or not at all
ELECTROZOA_SYMBOL = ("Electrozoa", "d60cf66f5fd4")  # {E} means one energy counter

# Kaladesh (energy)
HARNESSED_LIGHTNING_ILLEGAL = ("Harnessed Lightning", "9ced1c14a680")  # illegal target: no {E} gained or paid
HARNESSED_LIGHTNING_NOT_MORE = ("Harnessed Lightning", "570d2801c64a")  # can't pay more than you have
HARNESSED_LIGHTNING_NOT_MANA = ("Harnessed Lightning", "72d265b26580")  # energy isn't mana
AETHERSTORM_ROC_MAY_PAY_ILLEGAL = ("Aetherstorm Roc", "7adb9c03c868")  # "may pay" trigger, targets illegal: can't pay
AETHERSTORM_ROC_PAY_ONCE = ("Aetherstorm Roc", "0829b99611f8")  # can't pay a "may pay" several times

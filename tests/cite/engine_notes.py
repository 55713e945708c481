"""A toy rules engine written against the Comprehensive Rules of 2024-06-07.

Transforming follows rule 701.28; converting follows rule 701.50 (CR 701.50a-c for the flip).
"""

LETHAL = 704.5  # a number in code, not a citation


def connive(creature):
    """Draw, then discard; a +1/+1 counter for a nonland card (rule 701.47)."""
    # Connive N draws and discards N cards: see 701.47e.
    return f"{creature} connives (CR 701.47)"


def lethal_damage(creature):
    # Lethal damage destroys the creature (704.5g).
    return "destroyed: 704.5g"


def battle_without_protector(battle):
    """A battle with no protector gets one (rule 704.5w)."""
    return battle

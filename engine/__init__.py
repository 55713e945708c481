"""The executable-rule layer: a small pure-Python game state and the rules it executes. Each
implementation declares the rule numbers (and rulings) it implements; see `registry`.

The game itself prints nothing, reads no files and knows nothing of the corpus: callers build a
`State`, call actions, and get back lists of `Event`s. An action the rules forbid raises
`IllegalAction` (from `state`) and, where it matters, changes nothing. Only `registry` touches
files: asked which tests demonstrate a rule, it reads the test files beside the package
(`tests/*.py`) with `ast`, importing and running none of them. The package imports nothing of
mtgrules outside `mtgrules.engine`.

Modules, one job each
---------------------
- `state`: `State`, `Player`, `GameObject`, `Face`, `IllegalAction`; zones, damage, drawing;
  the enums of its fields: `Zone`, `AbilityKind`, `TriggerLabel`, `CopyOf`, `Gift`.
- `events`: `Event(rule, event, objects, players, message)`; `str(event)` reads
  "704.5g — Grizzly Bears is destroyed: lethal damage".
- `choices`: `Chooser`, the choices rules leave to players, with deterministic defaults.
- `sba`: state-based actions 704.5a–704.5aa and the 704.3 loop; `Action`, `ActionKind`.
- `connive` (701.50), `convert` (701.28), `energy` (107.14, 122.1), `gift` (702.174, `GIFTS`),
  `saga` (lore counters, 714.2b), `stack` (cast, counter, resolve: 608.2b, 608.3f),
  `copies` (copies of spells and permanents: 707.10, 707.2).
- `registry`: which code implements which rule or ruling, and which tests demonstrate it.
- `rulings`: the English rulings implemented, as (card, digest) with a paraphrase.

Building a state
----------------
    state = State(["Alice", "Bob"], active="Alice")      # or Player objects: Player("Alice", life=3)
    bears = state.add("Grizzly Bears", "Alice", "battlefield", types={"Creature"}, power=2, toughness=2)
    state.add("Island", "Alice", "library", types={"Land"})   # library: on top (bottom=True: under)

`State.add(name, owner, zone=Zone.BATTLEFIELD, *, id=None, **fields)` creates a `GameObject`
and returns it (`State.add` and `State.move` take a `Zone` or its value, "library"); ids
default to the name in lower case with dashes plus a number ("grizzly-bears-1"); objects get
increasing timestamps in creation order. Zones: library, hand, graveyard, exile,
command (per player: `state.player("Alice").hand` is a list of ids; library top first) and the
shared battlefield and stack (`state.battlefield`, `state.stack`, top last). Reading:
`state.get(id)`, `state.zone_of(id)` (a `Zone`), `state.on_battlefield(id)`,
`state.permanents()`, `state.known(id)` (last known information after an object left the
battlefield), `state.player(name)`, `state.in_game()`, `state.opponents(name)`,
`state.apnap()`, `state.triggered_pending(source, label)`.

`Player` fields: life, poison, energy, speed (None: no speed), mana, the zone lists,
drew_from_empty, venture (dungeon id, room name), lost, extra_turns.

`GameObject` fields (all optional but id, name, owner): controller (default: owner); types,
subtypes, supertypes as capitalised words ("Creature", "Aura", "Siege", "Legendary", "World");
keywords in lower case ("deathtouch", "indestructible", "space sculptor", "start your engines!");
power, toughness (after continuous effects: there are no layers) with counters added on top
(`total_power`, `total_toughness`); counters {"+1/+1", "-1/-1", "loyalty", "defense", "lore",
…: n}; counter_limits {kind: N}; timestamp; tapped; token; copy (`CopyOf`); damage,
dealt_deathtouch_damage, regeneration_shields; attached_to (object id or player name); enchant
(what an Aura may enchant: a card type, "Player", or None for any permanent); world_since;
chapters (Saga final chapter number); rooms (dungeon rooms, bottommost last); protector;
attacking (player name or battle id); sector; other_face (`Face`, for double-faced objects);
cant_transform; turned_at (when it last converted or transformed); on the stack: ability (`AbilityKind`),
label (`TriggerLabel`), source, since, targets, target_type, gift (`Gift`: "a Food", "a card",
"a tapped Fish", "an extra turn", "a Treasure", "an Octopus"), gift_promised_to, gift_targets,
effect (a callable `effect(state, obj, chooser) -> list[Event]` run on resolution). The enums
are `StrEnum`s: a member equals its value ("spell" == CopyOf.SPELL), so either may be given.

Actions (each returns list[Event])
----------------------------------
- `sba.check_state_based_actions(state, chooser=None)`: perform all applicable state-based
  actions at once, repeat until none applies, put waiting triggered abilities on the stack.
  `sba.pending_state_based_actions(state, chooser)` lists the `Action`s that apply now
  without performing them (for "what happens now?" questions).
- `state.deal_damage(source_id, recipient, amount)`, `state.draw(player, n)`,
  `state.discard(player, ids)`, `state.move(id, zone)` (returns nothing),
  `state.put_counters(id, kind, n)`, `state.add_mana(player, symbol, n)` (returns nothing),
  `state.end_step()`,
  `state.trigger(source_id, name, label=…)` (a triggered ability waiting for the stack).
- `connive.connive(state, id, n=1, chooser)`, `connive.connive_together(state, [(id, n)], chooser)`.
- `convert.convert(state, id, ability=None)` (ability: id of the converting ability, for 701.28e).
- `energy.get_energy(state, player, n)`, `energy.pay_energy(state, player, n)`,
  `energy.may_pay_energy(state, player, n, chooser) -> (paid, events)`.
- `stack.cast(state, card_id, targets=(), target_type=None, gift_to=None, gift_targets=())`,
  `stack.counter(state, id)`, `stack.resolve_top(state, chooser)`.
- `copies.copy_spell(state, spell_id, controller=None)` (the copy is owned by whoever puts it on the
  stack), `copies.create_token_copy(state, permanent_id, controller)`.
- `saga.add_lore_counters(state, saga_id, n)`.

Choices: subclass `choices.Chooser` and override `legend_to_keep`, `protector`, `sector`,
`connive_next`, `discard` or `pay_energy`; each gets the state and the candidates.

Not modelled: layers and continuous effects, combat, mana costs, priority passing, replacement
effects other than regeneration and indestructible, players leaving the game taking their
objects (800.4a), the variant state-based actions of 704.6, hexproof and protection.
"""

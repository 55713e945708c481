"""The executable-rule layer: a small pure-Python game state and the rules it executes. Each
implementation declares the rule numbers (and rulings) it implements; see `registry`.

The game itself prints nothing and knows nothing of the corpus: callers build a `State`, call
actions, and get back lists of `Event`s. An action the rules forbid raises `IllegalAction`
(from `state`) and, where it matters, changes nothing. Only `registry` and `testlinks` touch
files: asked which tests demonstrate a rule, they read the test files beside the package
(`tests/*.py`) with `ast`, importing and running none of them, or the manifest the build wrote
into an installed package. The package imports nothing of mtgrules outside `mtgrules.engine`.

Modules, one job each
---------------------
- `state`: `State`, `Player`, `GameObject`, `Face`, `Ref`, `IllegalAction`; zones and the bare
  move between them (a new object each time, 400.7), drawing, discarding, mana; the enums of
  its fields: `Zone`, `AbilityKind`, `TriggerLabel`, `CopyOf`, `Gift`; `KEYWORDS`, the
  keywords the engine reads.
- `events`: `Event(rule, event, objects, players, text)`; `str(event)` reads
  "704.5g — Grizzly Bears is destroyed: lethal damage".
- `messages`: `Text` (a message key and its values), `say`, the English templates; the study
  layer has the Spanish and French ones.
- `choices`: `Chooser`, the choices rules leave to players, with deterministic defaults.
- `sba`: state-based actions 704.5a–704.5aa, the 704.3 loop, and triggers going on the stack
  (603.3b); `Action`, `ActionKind`.
- `zones`: entering the battlefield (what a permanent enters with), destroy and what replaces
  it, sacrifice, exile, return to hand, flicker, put onto the battlefield, finality counters.
- `damage` (120.3, deathtouch, infect, wither, lifelink, shield counters), `counters`
  (putting and removing them, 122), `combat` (506–511, first and double strike, trample),
  `players` (losing, leaving the game, 104 and 800.4), `battles` (protectors, a Siege's own
  trigger, 310), `saga` (chapter abilities, 714.2b), `stack` (cast, counter, resolve: 601.2c,
  608.2b, 608.3), `copies` (707.10, 707.2), `connive` (701.50), `convert` (701.28), `energy`
  (107.14, 122.1), `gift` (702.174, `GIFTS`).
- `designations`: designations that last while a condition holds, ended the moment it stops
  holding (sectors, 702.158b), checked as objects leave the battlefield or the stack.
- `registry`: which code implements which rule or ruling; `testlinks`: which tests
  demonstrate it, and the manifest a build carries.
- `rulings`: the English rulings implemented, as (card, digest) with a paraphrase.

Building a state
----------------
    state = State(["Alice", "Bob"], active="Alice")      # or Player objects: Player("Alice", life=3)
    bears = state.add("Grizzly Bears", "Alice", "battlefield", types={"Creature"}, power=2, toughness=2)
    state.add("Island", "Alice", "library", types={"Land"})   # library: on top (bottom=True: under)

`State.add(name, owner, zone=Zone.BATTLEFIELD, *, id=None, **fields)` creates a `GameObject`
as it is (no "enters with" effects: `zones.enter_battlefield` applies those) and returns it;
ids default to the name in lower case with dashes plus a number ("grizzly-bears-1"); objects
get increasing timestamps in creation order. A card keeps its id through zone changes, but each
zone change makes a new `GameObject` (next `incarnation`): hold the id, and `state.get(id)` the
object it is now. What must follow one object (targets, attachments, combat, an ability's
source) is a `Ref` (id, incarnation); `state.current(ref)` and `state.permanent(ref)` say
whether that object still exists. Zones: library, hand, graveyard, exile, command (per player:
`state.player("Alice").hand` is a list of ids; library top first) and the shared battlefield and
stack (`state.battlefield`, `state.stack`, top last). Reading: `state.get(id)`,
`state.zone_of(id)`, `state.on_battlefield(id)`, `state.permanents()`, `state.known(id or ref)`
(last known information), `state.player(name)`, `state.in_game()`, `state.opponents(name)`,
`state.apnap()`, `state.triggered_pending(source_ref, label)`, `state.winner`, `state.drawn`.

`Player` fields: life, poison, energy, speed (None: no speed), mana, the zone lists,
drew_from_empty, venture (dungeon id, room name), lost, extra_turns.

`GameObject` fields (all optional but id, name, owner): controller (default: owner),
incarnation; types, subtypes, supertypes as capitalised words ("Creature", "Aura", "Siege",
"Legendary", "World"); keywords in lower case (`state.KEYWORDS`); power, toughness (after
continuous effects: there are no layers) with +X/+Y counters added on top (`total_power`,
`total_toughness`); loyalty and defense as printed; `has(keyword)` counts keyword counters;
counters {"+1/+1", "-1/-1", "loyalty", "defense", "lore", "shield", "finality", …: n};
counter_limits {kind: N}; timestamp; tapped; token; copy (`CopyOf`); summoning_sick; damage,
dealt_deathtouch_damage, regeneration_shields; attached_to (a `Ref` or a player name);
enchant (a card type, "Player", or None for any permanent); world_since; chapters; rooms;
protector; attacking (a `Ref` or player name), blocking (refs), blocked; sector; other_face
(`Face`), back_up, cant_transform, turned_at; on the stack: ability (`AbilityKind`), label
(`TriggerLabel`), source (`Ref`), since, targets, target_type, gift (`Gift`),
gift_promised_to, gift_targets, effect (a callable `effect(state, obj, chooser) -> list[Event]`
run on resolution), title (an ability's name as a message).

Actions (each returns list[Event])
----------------------------------
- `sba.check_state_based_actions(state, chooser=None)`; `sba.pending_state_based_actions(state,
  chooser)` lists the `Action`s that apply now without performing them.
- `damage.deal_damage(state, source, recipient, amount)`, `damage.deal_simultaneously(state,
  [(source, recipient, amount), ...])`; `counters.put_counters(state, id, kind, n)`,
  `counters.remove_counters(state, id, kind, n)`; `state.draw(player, n)`,
  `state.discard(player, ids)`, `state.end_step()`, `state.add_mana(player, symbol, n)`
  (returns nothing), `state.move(id, zone)` (returns the new object),
  `state.trigger(source, name, label=…)` (a triggered ability waiting for the stack).
- `zones.enter_battlefield`, `zones.destroy(state, id, chooser)`, `zones.sacrifice`,
  `zones.exile`, `zones.return_to_hand`, `zones.flicker`, `zones.put_onto_battlefield`.
- `combat.declare_attackers(state, {creature: attacked})`, `combat.declare_blockers(state,
  {blocker: attacker})`, `combat.combat_damage(state, chooser)`, `combat.end_combat`,
  `combat.cleanup`.
- `players.lose(state, [(player, rule, reason)])`, `players.concede(state, player)`.
- `connive.connive(state, id, n=1, chooser)`, `connive.connive_together(state, [(id, n)], chooser)`.
- `convert.convert(state, id, ability=None)` (ability: id of the converting ability, for 701.28e).
- `energy.get_energy`, `energy.pay_energy`, `energy.may_pay_energy(...) -> (paid, events)`.
- `stack.cast(state, card_id, targets=(), target_type=None, gift_to=None, gift_targets=())`,
  `stack.counter(state, id)`, `stack.resolve_top(state, chooser)`.
- `copies.copy_spell(state, spell_id, controller=None)`, `copies.create_token_copy(state,
  permanent_id, controller, chooser=None)`.

Choices: subclass `choices.Chooser` and override `legend_to_keep`, `protector`, `sector`,
`connive_next`, `discard`, `pay_energy`, `trigger_order`, `replacement`, `combat_damage` or
`cast_transformed`; each gets the state and the candidates.

Not modelled: layers and continuous effects, mana costs, timing and priority passing, turn
structure outside combat and the end of a step, control changes, replacement effects other
than regeneration, umbra armor, shield and finality counters and indestructible, the variant
state-based actions of 704.6, hexproof, protection and keywords not in `state.KEYWORDS`.
"""

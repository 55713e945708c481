"""The Hungarian method against brute force: rulings pairing relies on it being optimal."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.align.assignment import best_assignment


def brute_force_total(scores):
    rows, cols = len(scores), len(scores[0])
    if rows <= cols:
        return max(sum(scores[i][p[i]] for i in range(rows)) for p in itertools.permutations(range(cols), rows))
    return max(sum(scores[p[j]][j] for j in range(cols)) for p in itertools.permutations(range(rows), cols))


matrices = st.integers(1, 5).flatmap(
    lambda rows: st.integers(1, 5).flatmap(
        lambda cols: st.lists(st.lists(st.floats(0, 1), min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    )
)


@settings(max_examples=200, deadline=None)
@given(matrices)
def test_assignment_is_optimal_and_one_to_one(scores):
    pairing = best_assignment(scores)
    taken = [j for j in pairing if j is not None]
    assert len(taken) == len(set(taken)) == min(len(scores), len(scores[0]))
    total = sum(scores[i][j] for i, j in enumerate(pairing) if j is not None)
    assert abs(total - brute_force_total(scores)) < 1e-9


def test_rotation_is_found():
    scores = [[1.0 if j == (i + 2) % 4 else 0.1 for j in range(4)] for i in range(4)]
    assert best_assignment(scores) == [2, 3, 0, 1]

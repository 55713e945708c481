"""The assignment problem: pair rows with columns to maximise the total score.

Used to match a page's translated rulings with the English rulings of the card: pages may list
them in any order, so every pairing is considered, not just the order given. Hungarian method
(Kuhn–Munkres with potentials), O(n³); n is a card's ruling count, a dozen at most in practice.
"""

from __future__ import annotations


def best_assignment(scores: list[list[float]]) -> list[int | None]:
    """For each row, the column it is paired with (or None when there are more rows than
    columns), maximising the sum of scores."""
    rows = len(scores)
    if rows == 0:
        return []
    cols = len(scores[0])
    size = max(rows, cols)
    # Square cost matrix for minimisation; padding rows/columns cost nothing.
    cost = [[(-scores[i][j] if i < rows and j < cols else 0.0) for j in range(size)] for i in range(size)]
    infinity = float("inf")
    u, v = [0.0] * (size + 1), [0.0] * (size + 1)
    owner = [0] * (size + 1)  # owner[j]: the row (1-based) holding column j
    way = [0] * (size + 1)
    for row in range(1, size + 1):
        owner[0] = row
        column = 0
        slack = [infinity] * (size + 1)
        used = [False] * (size + 1)
        while True:
            used[column] = True
            current, delta, next_column = owner[column], infinity, 0
            for j in range(1, size + 1):
                if not used[j]:
                    reduced = cost[current - 1][j - 1] - u[current] - v[j]
                    if reduced < slack[j]:
                        slack[j], way[j] = reduced, column
                    if slack[j] < delta:
                        delta, next_column = slack[j], j
            for j in range(size + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    slack[j] -= delta
            column = next_column
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    result: list[int | None] = [None] * rows
    for j in range(1, size + 1):
        i = owner[j] - 1
        if i < rows and j - 1 < cols:
            result[i] = j - 1
    return result

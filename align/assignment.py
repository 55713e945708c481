"""The assignment problem: pair rows with columns to maximise the total score.

Used to match a page's translated rulings with the English rulings of the card: pages may list
them in any order, so every pairing is considered, not just the order given. Hungarian method
(Kuhn–Munkres with potentials) on the rectangular matrix; a card has a dozen rulings at most
in practice, but a page may list any number.
"""

from __future__ import annotations


def best_assignment(scores: list[list[float]]) -> list[int | None]:
    """For each row, the column it is paired with (or None when there are more rows than
    columns), maximising the sum of scores.

    Runs in O(r² c) for r ≤ c, the smaller side being the one added row by row: a page of 2,000
    rulings against a card's nine English ones once took minutes, squared up to 2,000 × 2,000."""
    rows = len(scores)
    if rows == 0:
        return []
    cols = len(scores[0])
    if rows > cols:
        by_column = best_assignment([[scores[i][j] for i in range(rows)] for j in range(cols)])
        result: list[int | None] = [None] * rows
        for column, row in enumerate(by_column):
            if row is not None:
                result[row] = column
        return result
    cost = [[-score for score in row] for row in scores]  # minimised
    infinity = float("inf")
    u, v = [0.0] * (rows + 1), [0.0] * (cols + 1)
    owner = [0] * (cols + 1)  # owner[j]: the row (1-based) holding column j
    way = [0] * (cols + 1)
    for row in range(1, rows + 1):
        owner[0] = row
        column = 0
        slack = [infinity] * (cols + 1)
        used = [False] * (cols + 1)
        while True:
            used[column] = True
            current, delta, next_column = owner[column], infinity, 0
            for j in range(1, cols + 1):
                if not used[j]:
                    reduced = cost[current - 1][j - 1] - u[current] - v[j]
                    if reduced < slack[j]:
                        slack[j], way[j] = reduced, column
                    if slack[j] < delta:
                        delta, next_column = slack[j], j
            for j in range(cols + 1):
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
    paired: list[int | None] = [None] * rows
    for j in range(1, cols + 1):
        if owner[j]:
            paired[owner[j] - 1] = j - 1
    return paired

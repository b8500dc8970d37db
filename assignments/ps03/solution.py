"""Problem set 3: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps03.setup import chebyshev, deque, heapq, neighbours

# isort: split

# %% bfs
def bfs(grid, start, target):
    """Breadth-first search: (a shortest path from start to target or None, cells expanded)."""
    ### BEGIN SOLUTION
    parent = {start: None}
    frontier = deque([start])
    expanded = 0
    while frontier:
        cell = frontier.popleft()
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for nxt in neighbours(grid, cell):
            if nxt not in parent:
                parent[nxt] = cell
                frontier.append(nxt)
    return None, expanded
    ### END SOLUTION

# %% astar
def astar(grid, start, target):
    """A* with the Chebyshev distance: (a shortest path from start to target or None, cells expanded)."""
    ### BEGIN SOLUTION
    best = {start: 0}
    parent = {start: None}
    order = 0
    frontier = [(chebyshev(start, target), 0, order, start)]
    done = set()
    while frontier:
        _, minus_g, _, cell = heapq.heappop(frontier)
        if cell in done:
            continue
        done.add(cell)
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], len(done)
        g = 1 - minus_g
        for nxt in neighbours(grid, cell):
            if nxt not in done and g < best.get(nxt, g + 1):
                best[nxt] = g
                parent[nxt] = cell
                order += 1
                heapq.heappush(frontier, (g + chebyshev(nxt, target), -g, order, nxt))
    return None, len(done)
    ### END SOLUTION

"""Reading a board page (the leaderboard's points and rating boards): its rows by player."""

from __future__ import annotations

import re

ROW = re.compile(r'<tr[^>]*data-player="([^"]+)"')


def cell(html: str, player: str, column: str) -> str:
    """The text of ``column`` in ``player``'s row."""
    row = html.split(f'data-player="{player}"', 1)[1].split("</tr>", 1)[0]
    found = re.search(rf'data-col="{column}">([^<]*)<', row)
    assert found, row
    return found.group(1)


def listed(html: str) -> list[str]:
    """Players ranked on the page: without the provisional rows or the pinned row."""
    return ROW.findall(html.split('data-pinned="true"', 1)[0].split('data-provisional="true"')[0])


def provisional(html: str) -> list[str]:
    """The provisional players the rating board's last page shows under the ranked ones."""
    parts = html.split('data-provisional="true"', 1)
    return ROW.findall(parts[1].split('data-pinned="true"', 1)[0]) if len(parts) > 1 else []


def pinned(html: str) -> list[str]:
    """The viewer's row pinned under the page, when there is one."""
    parts = html.split('data-pinned="true"', 1)
    return ROW.findall(parts[1]) if len(parts) > 1 else []

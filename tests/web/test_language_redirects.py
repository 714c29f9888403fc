"""The language switch redirects only to a path on this site (issue 14, item 1)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    "path",
    [
        "/%09/evil.example/phish",  # a tab: browsers drop it and read //evil.example
        "//evil.example/phish",
        "/%5C/evil.example/phish",  # a backslash: browsers read /\ as //
        "/\\evil.example/phish",
    ],
)
def test_switch_never_leaves_the_site(client: FlaskClient, path: str) -> None:
    response = client.get(path + "?lang=en")
    if response.status_code == 400:
        return
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith("//"), location
    assert "\\" not in location and "\t" not in location, location


def test_tab_in_the_path_is_refused_with_a_translated_400(client: FlaskClient) -> None:
    response = client.get("/%09/evil.example/phish?lang=en")
    assert response.status_code == 400
    assert "Location" not in response.headers
    client.get("/?lang=zh-Hans")
    page = client.get("/%09/x?lang=").get_data(as_text=True)
    assert "地址中含有不允许的字符" in page


@pytest.mark.parametrize("control", ["%0D%0ASet-Cookie:%20x=1", "%0A", "%0D", "%7F", "%C2%85"])
def test_control_characters_are_a_400_not_a_500(client: FlaskClient, control: str) -> None:
    response = client.get(f"/play{control}?lang=en")
    assert response.status_code == 400
    assert "Set-Cookie: x" not in str(response.headers)


def test_a_plain_path_and_query_survive_the_switch(client: FlaskClient) -> None:
    response = client.get("/leaderboard?period=week&lang=en")
    assert response.status_code == 303
    assert response.headers["Location"] == "/leaderboard?period=week"
    # A path with non-ASCII characters comes back percent-encoded, on this site.
    response = client.get("/规则?lang=en")
    assert response.headers["Location"] == "/%E8%A7%84%E5%88%99"

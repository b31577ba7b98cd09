"""The web table's HTTP API and WebSocket protocol, through Starlette's TestClient."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import NamedTuple, cast

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

import tricktaking as tt
from tricktaking.web.protocol import MAX_MESSAGE_BYTES

Message = dict[str, object]


def open_table(
    client: TestClient,
    game: str,
    options: dict[str, object],
    seats: Sequence[str],
    seed: int = 1,
) -> Message:
    """Create a table through the API; return its links."""
    answer = client.post(
        "/api/tables", json={"game": game, "options": options, "seats": list(seats), "seed": seed}
    )
    assert answer.status_code == 201, answer.text
    return cast("Message", answer.json())


def token(path: object) -> str:
    """The secret token at the end of a link path."""
    return str(path).rsplit("/", 1)[-1]


def seat_token(links: Message, seat: int) -> str:
    seats = cast("list[Message]", links["seats"])
    return token(seats[seat]["link"])


def receive(ws: WebSocketTestSession) -> Message:
    return cast("Message", ws.receive_json())


def hello(ws: WebSocketTestSession, since: int | None = None) -> Message:
    ws.send_text(json.dumps({"type": "hello", "protocol": 1, "since": since}))
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    return welcome


def view_of(message: Message) -> Message:
    return cast("Message", message["view"])


def seq_of(message: Message) -> int:
    return cast("int", message["seq"])


def legal(message: Message) -> list[str]:
    return cast("list[str]", view_of(message)["legal_actions"])


def play_until_over(ws: WebSocketTestSession, seat: int, first: Message) -> list[Message]:
    """Play the first legal move whenever it is ``seat``'s turn; return every message."""
    seen = [first]
    current = first
    while view_of(current)["phase"] != "over":
        if view_of(current)["actor"] == seat and legal(current):
            ws.send_text(json.dumps({"type": "move", "action": legal(current)[0]}))
        current = receive(ws)
        assert current["type"] == "event", current
        seen.append(current)
    return seen


Served = Callable[..., AbstractContextManager[TestClient]]


@pytest.fixture
def client(served: Served) -> Iterator[TestClient]:
    """A test client of a fresh in-memory app whose bots move without delay."""
    with served() as test_client:
        yield test_client


def test_games_lists_every_registered_game_with_its_options(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert data["protocol"] == 1
    assert [game["name"] for game in data["games"]] == list(tt.available_games())
    assert data["seat_kinds"][0] == "human"
    assert data["capabilities"] == {"hint": False} or data["capabilities"]["hint"] is True
    wizard = next(game for game in data["games"] if game["name"] == "wizard")
    assert {
        "name": "bid_rule",
        "kind": "choice",
        "default": "free",
        "choices": ["free", "hook"],
        "label": "Bid rule",
        "help": "free: any bid; hook: the dealer may not make the bids total the tricks.",
    } in (wizard["options"])


def test_pages_are_served_and_unknown_links_are_not(client: TestClient) -> None:
    links = open_table(client, "one-card", {"players": 2}, ["human", "human"])
    assert '<form id="create">' in client.get("/").text
    assert client.get(str(links["spectator"])).status_code == 200
    assert client.get("/play/" + "x" * 32).status_code == 404
    assert client.get("/play/" + str(links["table"])).status_code == 404  # the id opens nothing
    assert client.get("/static/table.js").status_code == 200
    headers = client.get(str(links["spectator"])).headers
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["content-security-policy"].startswith("default-src 'self'")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "seats": ["human"]}, "bad_field"),
        ({"game": "wizard", "options": {"players": 3}, "seats": ["human", "human"]}, "bad_field"),
        (
            {"game": "wizard", "options": {"players": 3}, "seats": ["human", "god", "x"]},
            "bad_field",
        ),
        ({"game": "wizard", "options": {"players": 9}, "seats": ["human"] * 9}, "bad_field"),
        ({"game": "wizard", "options": {"colour": 1}, "seats": ["human"] * 3}, "bad_field"),
        ({"game": "wizard", "options": [], "seats": ["human"] * 3}, "bad_field"),
        ({"game": "bid-whist", "seats": ["human"] * 4, "seed": -1}, "bad_field"),
        ([1, 2], "malformed"),
    ],
)
def test_bad_tables_are_refused(client: TestClient, body: object, code: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert answer.json()["code"] == code
    assert answer.json()["message"]


JSON = {"content-type": "application/json"}


def test_malformed_and_oversized_bodies_are_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", content=b"{nope", headers=JSON)
    assert (answer.status_code, answer.json()["code"]) == (400, "malformed")
    answer = client.post("/api/tables", content=b" " * 20_000, headers=JSON)
    assert (answer.status_code, answer.json()["code"]) == (413, "too_large")
    deep = b"[" * 8000 + b"]" * 8000
    answer = client.post("/api/tables", content=deep, headers=JSON)
    assert (answer.status_code, answer.json()["code"]) == (400, "malformed")


def test_a_seat_plays_a_whole_game_over_the_socket(client: TestClient) -> None:
    links = open_table(
        client, "one-card", {"players": 3, "target": 1}, ["human", "heuristic", "random"], seed=5
    )
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        welcome = hello(ws)
        assert (welcome["role"], welcome["seat"], welcome["game"]) == ("seat", 0, "one-card")
        messages = play_until_over(ws, 0, welcome)
    seqs = [seq_of(message) for message in messages]
    assert seqs == list(range(seq_of(welcome), seq_of(welcome) + len(seqs)))
    assert all(view_of(message)["seat"] == 0 for message in messages)
    replay = client.get("/api/replay/" + seat_token(links, 0)).json()
    assert replay["record"]["format"] == "tricktaking-record"
    assert len(replay["frames"]) == seqs[-1] + 1
    assert all(len(hand) == 8 for hand in replay["frames"][1]["hands"])


def test_refused_messages_change_nothing(client: TestClient) -> None:
    links = open_table(client, "wizard", {"players": 3}, ["human", "human", "human"])
    with (
        client.websocket_connect("/ws/" + seat_token(links, 1)) as ws,
        client.websocket_connect("/ws/" + seat_token(links, 0)) as other,
    ):
        ws.send_text(json.dumps({"type": "move", "action": "1 bid 0"}))
        assert receive(ws)["code"] == "hello_first"
        welcome = hello(ws)
        hello(other)
        seq = welcome["seq"]
        assert view_of(welcome)["actor"] == 1
        refusals = {
            "x" * (MAX_MESSAGE_BYTES + 1): "too_large",
            "{oops": "malformed",
            "[]": "malformed",
            '{"type": "shout"}': "unknown_type",
            '{"type": "move"}': "bad_field",
            '{"type": "move", "action": "1 fly away"}': "bad_field",
            '{"type": "move", "action": "0 bid 0"}': "bad_field",
            '{"type": "move", "action": "1 bid 5"}': "illegal",
            '{"type": "move", "action": "1 bid 0", "seq": 0}': "stale",
            '{"type": "move", "action": "1 bid 0", "seq": -3}': "bad_field",
            '{"type": "hello", "protocol": 99}': "version",
        }
        for text, code in refusals.items():
            ws.send_text(text)
            error = receive(ws)
            assert (error["type"], error["code"], error["seq"]) == ("error", code, seq), text
            assert error["message"]
        other.send_text(json.dumps({"type": "move", "action": "0 bid 0"}))
        assert receive(other)["code"] == "not_your_turn"
        ws.send_text(json.dumps({"type": "move", "action": "1 bid 0", "seq": seq}))
        accepted = receive(ws)
        assert (accepted["type"], accepted["seq"], accepted["action"]) == ("event", 2, "1 bid 0")
        assert receive(other)["seq"] == 2  # the first event the other seat hears


def test_illegal_moves_come_back_with_the_engines_reason(
    client: TestClient,
) -> None:
    links = open_table(client, "wizard", {"players": 3, "rounds": 2}, ["human"] * 3)
    with client.websocket_connect("/ws/" + seat_token(links, 1)) as ws:
        hello(ws)
        ws.send_text(json.dumps({"type": "move", "action": "1 bid 7"}))
        error = receive(ws)
    assert error["code"] == "illegal"
    assert "bid" in str(error["message"])


def test_the_spectator_sees_public_information_and_cannot_move(
    client: TestClient,
) -> None:
    links = open_table(client, "bid-whist", {}, ["heuristic"] * 3 + ["human"], seed=2)
    with client.websocket_connect("/ws/" + token(links["spectator"])) as ws:
        welcome = hello(ws)
        assert (welcome["role"], welcome["seat"]) == ("spectator", None)
        assert view_of(welcome)["hand"] == []
        assert view_of(welcome)["hand_sizes"] == [12, 12, 12, 12]
        ws.send_text(json.dumps({"type": "move", "action": "3 pass"}))
        assert receive(ws)["code"] == "spectator"


@pytest.mark.parametrize("guess", ["not-a-link", "table-id", "table-id-0"])
def test_unknown_links_and_table_ids_get_an_error_and_a_closed_socket(
    client: TestClient, guess: str
) -> None:
    links = open_table(client, "wizard", {"players": 3}, ["human"] * 3)
    guess = guess.replace("table-id", str(links["table"]))
    with client.websocket_connect("/ws/" + guess) as ws:
        refusal = ws.receive_json()
        assert (refusal["code"], "view" in refusal) == ("not_found", False)
        assert ws.receive()["type"] == "websocket.close"
    assert client.get("/api/replay/" + guess).status_code == 404


def test_a_reconnecting_client_gets_what_it_missed(client: TestClient) -> None:
    links = open_table(client, "wizard", {"players": 3}, ["human"] * 3)
    with client.websocket_connect("/ws/" + seat_token(links, 1)) as ws:
        before = hello(ws)
    with client.websocket_connect("/ws/" + seat_token(links, 2)) as ws:
        hello(ws)
        ws.send_text(json.dumps({"type": "move", "action": "2 bid 1"}))
        assert receive(ws)["code"] == "not_your_turn"
    with client.websocket_connect("/ws/" + seat_token(links, 1)) as ws:
        hello(ws)
        ws.send_text(json.dumps({"type": "move", "action": "1 bid 1"}))
        receive(ws)
    with client.websocket_connect("/ws/" + seat_token(links, 1)) as ws:
        again = hello(ws, since=seq_of(before))
    assert again["seq"] == seq_of(before) + 1
    assert again["events"] == [{"seq": again["seq"], "action": "1 bid 1", "said": "1"}]


def test_the_replay_opens_only_when_the_game_is_over(client: TestClient) -> None:
    links = open_table(client, "wizard", {"players": 3}, ["human"] * 3)
    answer = client.get("/api/replay/" + token(links["spectator"]))
    assert (answer.status_code, answer.json()["code"]) == (409, "not_over")
    assert client.get("/api/replay/nothing").status_code == 404


def test_a_hint_appears_when_the_library_can_suggest(
    monkeypatch: pytest.MonkeyPatch, served: Served
) -> None:
    import tricktaking.web.workers

    class Suggestion(NamedTuple):  # the shape of tricktaking.bots.suggest's answer
        action: tt.Action
        value: float
        visits: int

    def suggest(view: tt.PlayerView, bot: object = None) -> tuple[Suggestion, ...]:
        ranked = reversed(view.legal_actions)  # best first: the last legal action here
        return tuple(Suggestion(action, 0.5, 10) for action in ranked)

    monkeypatch.setattr(tricktaking.web.workers, "suggest", suggest)
    with served() as client:
        assert client.get("/api/games").json()["capabilities"] == {"hint": True}
        links = open_table(client, "wizard", {"players": 3}, ["human"] * 3)
        with client.websocket_connect("/ws/" + seat_token(links, 1)) as ws:
            welcome = hello(ws)
            assert welcome["capabilities"] == {"hint": True}
            ws.send_text('{"type": "hint"}')
            hint = receive(ws)
    assert hint == {"type": "hint", "action": legal(welcome)[-1], "seq": welcome["seq"]}


def test_a_rematch_gives_each_client_its_own_new_link(client: TestClient) -> None:
    links = open_table(client, "one-card", {"players": 2, "target": 1}, ["human", "random"], 3)
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        welcome = hello(ws)
        ws.send_text('{"type": "rematch"}')
        assert receive(ws)["code"] == "not_over"
        final = play_until_over(ws, 0, welcome)[-1]
        assert final["winners"]
        ws.send_text('{"type": "rematch"}')
        answer = receive(ws)
        while answer["type"] != "rematch":
            answer = receive(ws)
    again = token(answer["link"])
    assert again != seat_token(links, 0)
    with client.websocket_connect("/ws/" + again) as ws:
        fresh = hello(ws)
    assert (fresh["seat"], fresh["over"], fresh["winners"]) == (0, False, [])
    assert [seat["name"] for seat in cast("list[Message]", fresh["seats"])] == [
        "Player 0",
        "Random 1",
    ]


def test_games_report_the_seat_range_each_game_accepts(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert games["oh-hell"]["seats"] is None  # 3 to 7: not a fixed count
    assert games["oh-hell"]["seat_range"] == {"min": 3, "max": 7, "default": 3}
    assert games["bid-whist"]["seats"] == 4
    assert games["bid-whist"]["seat_range"] == {"min": 4, "max": 4, "default": 4}
    for game in games.values():
        declared = tt.get_game(game["name"]).seat_range
        assert (game["seat_range"]["min"], game["seat_range"]["max"] + 1) == (
            declared.start,
            declared.stop,
        )


@pytest.mark.parametrize("players", [4, 5, 7])
def test_oh_hell_opens_with_four_to_seven_players_and_a_schedule(
    client: TestClient, players: int
) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    options = {option["name"]: option for option in games["oh-hell"]["options"]}
    assert options["schedule"]["kind"] == "optional-choice"
    assert options["hand_size"]["kind"] == "optional-int"
    links = open_table(
        client,
        "oh-hell",
        {"players": players, "schedule": "up_down", "max_hand_size": 2},
        ["human"] + ["heuristic"] * (players - 1),
    )
    assert len(cast("list[Message]", links["seats"])) == players
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        view = view_of(hello(ws))
    assert view["total_hands"] == 3  # 1, 2, 1 cards
    assert view["config"]["schedule"] == "up_down"  # type: ignore[index]


def _events_of_the_deal(messages: list[Message]) -> list[Message]:
    """The events of the last deal: the first welcome's, then those heard live."""
    events = cast("list[Message]", messages[0]["deal_events"]) + [
        {key: message[key] for key in ("seq", "actor", "action", "said")}
        for message in messages
        if message["type"] == "event"
    ]
    start = max(index for index, event in enumerate(events) if event["action"] == "deal")
    return events[start:]


def test_a_late_joiner_hears_the_whole_current_deal_as_it_was_told(client: TestClient) -> None:
    links = open_table(
        client,
        "bid-whist",
        {"kitty": "exchange", "target": 1},
        ["human", "heuristic", "heuristic", "heuristic"],
        seed=4,
    )
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        heard = play_until_over(ws, 0, hello(ws))
    for viewer in (0, None):  # the seat, then a spectator who never watched
        path = seat_token(links, 0) if viewer == 0 else token(links["spectator"])
        with client.websocket_connect("/ws/" + path) as ws:
            late = hello(ws)
        events = cast("list[Message]", late["deal_events"])
        assert events[0]["action"] == "deal"
        assert [event["seq"] for event in events] == list(
            range(seq_of(events[0]), seq_of(late) + 1)
        )
        if viewer == 0:
            assert events == _events_of_the_deal(heard)
        tokens = [str(event["action"]) for event in events]
        assert any(" bid " in item or " pass" in item for item in tokens)
        discards = [item for item in tokens if " discard " in item]
        assert len(discards) == 6
        seen = [not item.endswith("??") for item in discards]
        assert seen == [int(discards[0].split()[0]) == viewer] * 6  # the declarer's own only


def test_the_welcome_sums_up_every_finished_deal(client: TestClient) -> None:
    links = open_table(
        client, "wizard", {"players": 3, "rounds": 3}, ["human", "heuristic", "heuristic"], 6
    )
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        messages = play_until_over(ws, 0, hello(ws))
        again = hello(ws)
    summaries = [message["summary"] for message in messages if "summary" in message]
    assert [cast("Message", summary)["deal"] for summary in summaries] == [1, 2, 3]
    assert again["deals"] == summaries
    last = cast("Message", summaries[-1])
    assert last["scores"] == view_of(messages[-1])["scores"]
    lines = cast("list[str]", last["lines"])
    assert lines[0].startswith("Player 0: bid ")
    assert any("made it" in line or "missed" in line for line in lines)
    calls = cast("list[str]", last["calls"])
    assert all(call.isdigit() for call in calls)


def test_the_dealers_forbidden_bid_is_refused_with_its_reason(client: TestClient) -> None:
    links = open_table(
        client,
        "oh-hell",
        {"players": 3, "hand_size": 3, "first_dealer": 0},
        ["human", "human", "human"],
        seed=3,
    )
    sockets = [client.websocket_connect("/ws/" + seat_token(links, seat)) for seat in range(3)]
    with sockets[0] as dealer, sockets[1] as first, sockets[2] as second:
        hello(dealer)
        welcome = hello(first)
        hello(second)
        first.send_text(json.dumps({"type": "move", "action": "1 bid 1", "seq": welcome["seq"]}))
        receive(dealer)
        second.send_text(json.dumps({"type": "move", "action": "2 bid 0"}))
        turn = receive(dealer)
        while seq_of(turn) < seq_of(welcome) + 2:
            turn = receive(dealer)
        assert turn["refused"] == {
            "0 bid 2": "under the hook the dealer may not make the bids total 3 (OH-7.4)"
        }
        assert cast("Message", turn["say"])["0 bid 2"] == "2"
        assert "0 bid 2" not in legal(turn)
        assert hello(dealer)["refused"] == turn["refused"]  # and on a reload
        assert receive(second)["refused"] == {}  # only the seat to act is told


def test_presence_tells_who_is_connected_to_the_clients_that_ask(client: TestClient) -> None:
    links = open_table(client, "wizard", {"players": 3}, ["human", "human", "heuristic"])
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        ws.send_text(json.dumps({"type": "hello", "protocol": 1, "presence": True}))
        welcome = receive(ws)
        seats = cast("list[Message]", welcome["seats"])
        assert [seat["connected"] for seat in seats] == [True, False, None]
        assert receive(ws) == {"type": "presence", "connected": [True, False, None]}
        with client.websocket_connect("/ws/" + seat_token(links, 1)) as other:
            hello(other)  # a client that did not ask hears no presence
            assert receive(ws) == {"type": "presence", "connected": [True, True, None]}
        assert receive(ws) == {"type": "presence", "connected": [True, False, None]}
        ws.send_text('{"type": "hello", "protocol": 1, "presence": "yes"}')
        assert receive(ws)["code"] == "bad_field"


def test_replay_frames_say_who_did_what_in_words(client: TestClient) -> None:
    links = open_table(
        client, "wizard", {"players": 3, "rounds": 3}, ["human", "random", "random"], 11
    )
    with client.websocket_connect("/ws/" + seat_token(links, 0)) as ws:
        play_until_over(ws, 0, hello(ws))
    frames = client.get("/api/replay/" + token(links["spectator"])).json()["frames"]
    assert (frames[0]["by"], frames[0]["said"]) == (None, None)
    assert (frames[1]["by"], frames[1]["said"]) == ("chance", "deal")
    for frame in frames[2:]:
        if frame["action"] == "deal":
            continue
        assert frame["by"] == int(frame["action"].split()[0])
        assert frame["said"]
        assert not any(word in frame["said"].split() for word in ("WZ", "JE")), frame

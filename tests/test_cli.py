"""The tricktaking command line, driven with scripted input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tricktaking as tt
from tricktaking import cli, records
from tricktaking._terminal import Names, describe
from tricktaking._terminal_game import moves
from tricktaking.cli import main
from tricktaking.engine import GameState
from tricktaking.notation import Output, parse_move, typed_text
from tricktaking.seeding import derive_seed
from tricktaking.simulate import game_states

GOLDEN = Path(__file__).parent / "records"


def run(
    argv: list[str], lines: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    code = main(argv, stdin=io.StringIO("".join(line + "\n" for line in lines)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def whole_game(
    game: str, capsys: pytest.CaptureFixture[str], *options: str
) -> tuple[int, str, str]:
    return run(["play", game, "--seed", "2", *options], ["auto"] * 5000, capsys)


def assert_human_wording(out: str) -> None:
    """No internals: phase names, tuples, Python lists, None, raw special-card tokens.

    The one bracket shown is the mark of a playable card, ``[Q♥]``.
    """
    out = re.sub(r"\[[^\[\], ]+\]", "", out.replace("(you may play the cards in [ ])", ""))
    for internal in ("choose_direction", "choose_trump", "winners:", "None", "(0,", "["):
        assert internal not in out
    assert not re.search(r"\b(RJ|BJ|JK|WZ|JE)\b(?!-)", out)


# --- the three games, played to the end -------------------------------------------------


def test_wizard_to_the_end_shows_turn_up_bids_and_deal_summaries(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    script = ["nonsense", "bid 99", "help", *["auto"] * 2000]
    code, out, _ = run(
        ["play", "wizard", "--players", "4", "--seed", "1", "--record", str(record)], script, capsys
    )
    assert code == 0
    assert "not understood: 'nonsense'; your moves: bid 0, bid 1" in out
    assert "not allowed: a bid in round 1 is 0 to 1 (WZ-7.2)" in out
    assert "bid_out_of_range" not in out
    assert "your moves: bid 0, bid 1" in out
    assert "commands: help (" in out and "auto (" in out and "undo (" in out and "quit (" in out
    assert out.count("=== deal") == 15 and out.count("--- end of deal") == 15
    assert "turn-up: " in out and re.search(r"you: bid \d+, took \d+ \((made it|missed)\)", out)
    assert "Game over: " in out and "final scores: you " in out
    assert_human_wording(out)
    loaded = records.loads(record.read_text())
    assert list(loaded.scores) == json.loads(record.read_text())["scores"]


def test_one_card_to_the_end_shows_the_one_card_and_the_contract(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = ["7", *["auto"] * 3000]  # seed 1: you bid; nobody bids in other hands
    code, out, _ = run(["play", "one-card", "--seed", "1", "--target", "12"], script, capsys)
    assert code == 0
    assert "the One Card was " in out
    assert re.search(r"contract: (you|seat \d) bid \d+ and took \d+ points", out)
    assert "trump: the suit you lead first" in out and "nobody bid" in out
    assert " joker" in out
    assert_human_wording(out)


def test_bid_whist_to_the_end_shows_partners_contract_and_jokers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = whole_game("bid-whist", capsys, "--target", "3")
    assert code == 0
    assert "playing with your partner: you and seat 2 against seats 1 and 3" in out
    assert re.search(
        r"contract: .* bid \d(U|D|NT) \((uptown|downtown|no trump), \d+ books to make\)", out
    )
    assert re.search(r"took \d+ books \+ 1 for the kitty = \d+, needed \d+: (made|set)", out)
    assert "big joker" in out or "little joker" in out
    assert re.search(r"final scores: you and seat 2: -?\d+; seats 1 and 3: -?\d+", out)
    assert_human_wording(out)


def test_a_downtown_bid_is_never_shown_as_a_diamond(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "bid-whist", "--seed", "3"], ["help", "bid 2D", "quit"], capsys)
    assert code == 0
    assert "bid 2D" in out and "you: bid 2D" in out
    assert not re.search(r"bid \d[♠♥♦♣]", out)


# --- what the player types --------------------------------------------------------------


@pytest.mark.parametrize("game", ["wizard", "one-card", "bid-whist"])
@pytest.mark.parametrize("ascii_only", [False, True])
def test_every_move_shown_is_accepted_when_typed_back(game: str, ascii_only: bool) -> None:
    screen = Output(io.StringIO(), ascii_only)
    config = tt.get_game(game).config_type(**({} if game == "bid-whist" else {"players": 3}))
    for state in game_states(config, ["random"] * len(tt.scores(tt.new_game(config))), 4):
        if isinstance(tt.actor(state), int):
            for action in tt.legal_actions(state):
                typed = typed_text(screen.move(action))
                assert parse_move(state, typed) == action, typed


def test_symbols_and_card_names_typed_by_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 3: seat 0 declares; the first card it may play is shown with a symbol.
    code, out, _ = run(
        ["play", "bid-whist", "--seed", "3"], ["bid 2D", "trump ♦", "play 2♦", "quit"], capsys
    )
    assert code == 0
    assert "you: trump ♦" in out and "you: play 2♦" in out
    assert "not understood" not in out


def test_undo_takes_back_the_last_move_and_the_bot_moves_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "undo.json"
    script = ["undo", "bid 0", "undo", "bid 1", *["auto"] * 100]
    code, out, _ = run(
        [
            "play",
            "wizard",
            "--players",
            "3",
            "--rounds",
            "2",
            "--seed",
            "1",
            "--record",
            str(record),
        ],
        script,
        capsys,
    )
    assert code == 0
    assert "nothing to undo yet" in out
    assert "your last move is taken back" in out
    bids = [str(action) for action in records.loads(record.read_text()).actions[:4]]
    assert "0 bid 0" not in bids


def test_quit_and_end_of_input_still_save_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "left.json"
    code, out, _ = run(["play", "wizard", "--seed", "1", "--record", str(record)], [], capsys)
    assert code == 0
    assert "game abandoned" in out and "record saved" in out
    assert records.loads(record.read_text()).winners == ()


def test_an_interrupted_game_still_saves_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(size: int = -1, /) -> str:
        raise KeyboardInterrupt

    stdin = io.StringIO()
    monkeypatch.setattr(stdin, "readline", interrupt)
    record = tmp_path / "interrupted.json"
    code = main(["play", "one-card", "--record", str(record)], stdin=stdin)
    assert code == 130
    assert "interrupted" in capsys.readouterr().out
    assert records.loads(record.read_text()).game == "one-card"


def test_the_seed_is_fresh_and_printed_so_the_game_replays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, first, _ = run(["play", "one-card"], ["auto"] * 5000, capsys)
    seed = re.search(r"seed (\d+) \(--seed \1 plays this game again\)", first)
    assert seed is not None
    _, again, _ = run(["play", "one-card", "--seed", seed.group(1)], ["auto"] * 5000, capsys)
    assert again == first


def test_rules_prints_a_summary_for_players(capsys: pytest.CaptureFixture[str]) -> None:
    for game in tt.available_games():
        assert main(["rules", game]) == 0
        text = capsys.readouterr().out
        assert tt.get_game(game).title in text and "Scoring" in text
        assert not re.search(r"[A-Z]{2}-\d", text)  # no clause IDs


# --- game options from the configuration classes ------------------------------------------


def test_variants_are_options_with_help(capsys: pytest.CaptureFixture[str]) -> None:
    flags = {
        "wizard": ("--first-dealer", "--rounds", "--bid-rule"),
        "bid-whist": ("--target", "--min-bid", "--kitty", "--nt-double", "--first-lead"),
        "one-card": ("--first-dealer", "--target"),
        "oh-hell": ("--hand-size", "--schedule", "--max-hand-size", "--off-bid-penalty"),
    }
    for game, expected in flags.items():
        assert main(["play", game, "--help"]) == 0
        text = capsys.readouterr().out
        group = text.split(f"{tt.get_game(game).title} options:")[1].split("\n\n")[0]
        assert all(f"  {flag}" in group for flag in expected), (game, group)
    assert main(["play", "wizard", "--help"]) == 0
    assert "hook" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("options", "config"),
    [
        (
            "wizard --players 3 --rounds 2 --bid-rule hook",
            tt.WizardConfig(players=3, rounds=2, bid_rule="hook"),
        ),
        (
            "bid-whist --kitty exchange --nt-double --min-bid 2 --first-lead declarer",
            tt.BidWhistConfig(kitty="exchange", nt_double=True, min_bid=2, first_lead="declarer"),
        ),
        (
            "one-card --players 2 --target 9 --first-dealer 1",
            tt.OneCardConfig(players=2, target=9, first_dealer=1),
        ),
    ],
)
def test_variants_reach_the_game(
    options: str, config: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", *options.split(), "--record", str(record)]
    assert main(argv, stdin=io.StringIO("quit\n")) == 0
    assert records.loads(record.read_text()).config == config
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "wizard", "--players", "9"], "error: --players must be 3 to 6 for Wizard"),
        (["demo", "wizard", "--players", "0"], "error: --players must be 3 to 6 for Wizard, not 0"),
        (["demo", "one-card", "--target", "0"], "error: --target must be 1 to 1,000,000, not 0"),
        (["demo", "bid-whist", "--players", "3"], "error: Bid Whist is for exactly 4 players"),
        (["demo", "bid-whist", "--bid-rule", "hook"], "error: --bid-rule is not an option of Bid"),
        (["demo", "wizard", "--bid-rule", "nope"], "error: argument --bid-rule: invalid choice"),
        (["demo", "wizard", "--seed", "9" * 5000], "is not an integer"),
        (["play", "wizard", "--seat", "7"], "error: --seat must be 0 to 3, not 7"),
        (
            ["simulate", "wizard", "-n", "0"],
            "error: argument -n: must be 1 to 1,000,000,000, not 0",
        ),
        (
            ["simulate", "wizard", "-n", "-1"],
            "error: argument -n: must be 1 to 1,000,000,000, not -1",
        ),
        (["simulate", "wizard", "--bots", "clever"], "error: 'clever' is not a bot kind; kinds:"),
        (["nonsense"], "error: argument COMMAND: invalid choice"),
    ],
)
def test_every_error_is_one_line_with_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, [], capsys)
    assert code == 2
    assert err.startswith("error: ") and message in err
    assert "Traceback" not in err and out == ""


def test_record_is_checked_before_the_game_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no" / "such" / "dir.json"
    code, out, err = run(["play", "wizard", "--record", str(missing)], ["auto"] * 10, capsys)
    assert code == 2 and out == ""
    assert "error: --record" in err and "does not exist" in err
    code, out, err = run(["play", "wizard", "--record", str(tmp_path)], [], capsys)
    assert code == 2 and "is a directory" in err


def test_a_huge_number_typed_is_not_understood(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "wizard", "--seed", "1"], ["bid " + "9" * 5000, "quit"], capsys)
    assert code == 0
    assert "not understood: 'bid 999" in out and "…" in out


def test_invalid_utf8_on_standard_input_is_not_understood() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tricktaking", "play", "wizard", "--seed", "1"],
        input=b"\xff\xfe bid\n0\nquit\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"not understood" in done.stdout


# --- simulate -----------------------------------------------------------------------------


def test_simulate_prints_a_table_and_line_by_line_progress(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [
        "simulate",
        "one-card",
        "-n",
        "120",
        "--bots",
        "heuristic,random,random",
        "--target",
        "5",
    ]
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 0
    assert "mean score" in captured.out and "heuristic" in captured.out
    lines = captured.err.splitlines()
    assert lines and all(re.match(r"games \d+/120 \(\d+%\) [\d.-]+/s", line) for line in lines)
    assert lines[-1].startswith("games 120/120 (100%)") and "\r" not in captured.err


def test_simulate_names_the_seats_when_the_bots_do_not_fit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["simulate", "bid-whist", "-n", "1", "--bots", "random,random"], [], capsys)
    assert code == 2
    assert "Bid Whist has 4 seats (0, 1, 2 and 3), but --bots names 2 bots" in err


def test_simulate_help_lists_the_bot_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    assert "kinds: heuristic, random" in " ".join(capsys.readouterr().out.split())


def test_simulate_with_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "wizard", "--players", "3", "--rounds", "1", "-n", "4", "--jobs", "2"]
    assert main(argv) == 0
    assert "Wizard: 4 games, seed 0" in capsys.readouterr().out


# --- replay and demo ----------------------------------------------------------------------


def test_replay_of_a_played_game_names_the_seats_as_play_did(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "one-card", "--seed", "1", "--seat", "1", "--ascii", "--record", str(record)]
    _, played, _ = run(argv, ["auto"] * 12 + ["quit"], capsys)
    assert main(["replay", str(record), "--ascii"]) == 0
    replayed = capsys.readouterr().out
    assert records.loads(record.read_text()).seats == ("seat 0", "you", "seat 2")
    assert replayed.startswith("One Card, 3 players: seat 0, you, seat 2")
    moves = re.compile(r"^(?:your move> )?((?:you|seat \d): (?:pass|bid \d+|play \S+))$", re.M)
    assert moves.findall(played) == moves.findall(replayed)[: len(moves.findall(played))]
    assert "you: play " in replayed and "seat 1" not in replayed


def test_the_turn_up_is_told_once_when_the_deal_is_announced(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game in ("wizard", "oh-hell"):
        _, out, _ = run(["play", game, "--seed", "1", "--ascii"], ["quit"], capsys)
        first_deal = out.split("your move>")[0]
        assert first_deal.count("turn-up") == 1, first_deal
        assert "bids: " in first_deal  # the rest of the table is still shown


def test_play_seats_as_many_players_as_the_declaration_suggests_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game in tt.available_games():
        _, out, _ = run(["play", game, "--seed", "1"], ["quit"], capsys)
        declared = tt.get_game(game)
        seats = declared.default_players or declared.seat_range.start
        assert out.startswith(f"{tt.get_game(game).title}, {seats} players, seed 1")


def test_replay_shows_hands_tricks_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN / "bid_whist_default.json"), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "=== deal 1, dealer seat 0 ===" in out and "takes it" in out
    assert "--- end of deal 1 ---" in out and "Game over: " in out
    assert_human_wording(out)


def test_replay_shows_the_wizard_turn_up_and_trump(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "wizard.json"
    run(
        [
            "play",
            "wizard",
            "--players",
            "3",
            "--seed",
            "5",
            "--rounds",
            "3",
            "--record",
            str(record),
        ],
        ["auto"] * 100,
        capsys,
    )
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "turn-up: Wizard, you choose trump" in out  # seat 0 played it
    assert "turn-up: Jester, no trump" in out
    assert "turn-up: 4♠, trump ♠" in out


def test_replay_of_an_abandoned_game_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "left.json"
    run(["play", "wizard", "--seed", "1", "--record", str(record)], ["0", "quit"], capsys)
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "The game was abandoned after " in out and "Game over" not in out


def test_replay_escapes_control_characters_from_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = tt.new_game(tt.OneCardConfig(players=2))
    record = tmp_path / "names.json"
    record.write_text(records.dumps(state, seats=["\x1b[31mred", "bell\x07"]))
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[31mred" in out and "bell\\x07" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe not utf-8", "is not UTF-8 text"),
        (b"[" * 100_000, "is not a valid game record"),
        (
            b'{"version": 1, "game": "wizard", "config": {"players": 3}, "seats": ["a", "b", "c"], '
            b'"actions": ["deal ' + b"9" * 5000 + b'"], "scores": [0, 0, 0], "winners": []}',
            "is not a valid game record",
        ),
        (b"{}", "is not a valid game record"),
    ],
)
def test_replay_refuses_bad_records_with_a_message(
    content: bytes, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = run(["replay", str(path)], [], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and len(err) < 1000


def test_replay_refuses_special_and_oversized_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["replay", "/dev/zero"], [], capsys)
    assert code == 2 and "is not a regular file" in err
    code, _, err = run(["replay", str(tmp_path)], [], capsys)
    assert code == 2 and "is not a regular file" in err
    code, _, err = run(["replay", str(tmp_path / "missing.json")], [], capsys)
    assert code == 2 and "cannot read" in err
    monkeypatch.setattr(cli, "MAX_RECORD_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(records.dumps(tt.new_game(tt.WizardConfig(players=3)), indent=4))
    code, _, err = run(["replay", str(big)], [], capsys)
    assert code == 2 and "is larger than" in err


def test_demo_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "bid-whist", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "--- end of deal 1 ---" in out and "Game over: " in out
    assert_human_wording(out)
    assert main(["games"]) == 0
    assert capsys.readouterr().out.split() == list(tt.available_games())


def test_a_closed_output_pipe_stops_quietly() -> None:
    done = subprocess.run(
        f"{sys.executable} -m tricktaking demo wizard --seed 1 | head -1",
        shell=True,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert b"Traceback" not in done.stderr


def test_each_move_is_listed_once() -> None:
    wizard_card = tt.Card.parse("WZ")
    legal = [tt.Play(0, wizard_card), tt.Play(0, wizard_card), tt.Play(0, tt.Card.parse("TH"))]
    assert moves(legal, Output(io.StringIO(), True)) == "play Wizard, play 10H"


def test_the_declarer_sees_the_kitty_and_their_own_discards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = ["bid 2D", "trump ♦", "2♠", "quit"]  # seed 3: seat 0 wins the auction
    code, out, _ = run(["play", "bid-whist", "--seed", "3", "--kitty", "exchange"], script, capsys)
    assert code == 0
    assert "your turn to discard a card (6 to go)" in out and "kitty: " in out
    assert "you: discard 2♠" in out and "(5 to go)" in out


# --- no traceback from any option ----------------------------------------------------------

HUGE = "1" * 30


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "one-card", "-n", HUGE], "argument -n: must be 1 to 1,000,000,000"),
        (["simulate", "one-card", "--jobs", HUGE], "argument --jobs: must be 1 to"),
        (["simulate", "one-card", "--jobs", "0"], "argument --jobs: must be 1 to"),
        (["arena", "one-card", "-n", HUGE], "argument -n: must be 1 to 1,000,000,000"),
        (["arena", "one-card", "--jobs", HUGE], "argument --jobs: must be 1 to"),
        (["arena", "one-card", "-n", "x"], "argument -n: 'x' is not an integer"),
        (["arena", "one-card", "--seed", "1.5"], "argument --seed: '1.5' is not an integer"),
        (["arena", "one-card", "--players", ""], "argument --players: '' is not an integer"),
        (["demo", "wizard", "--rounds", "-" + HUGE], "rounds must be"),
        (["demo", "one-card", "--players", HUGE], "players must be"),
        (["demo", "wizard", "--bots", "clever"], "'clever' is not a bot kind"),
        (["serve", "--port", "-1"], "argument --port: must be 1 to 65535, not -1"),
        (["serve", "--port", "1" * 20], "argument --port: must be 1 to 65535"),
        (["serve", "--host", ""], "argument --host: an address or a host name"),
    ],
)
def test_options_out_of_range_are_one_line_errors_without_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, [], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_serve_refuses_a_database_it_cannot_create_before_starting(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    server = pytest.importorskip("tricktaking.web.server")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server must not start")

    monkeypatch.setattr(server, "serve", never)
    missing = tmp_path / "missing" / "x.db"
    code, out, err = run(["serve", "--db", str(missing)], [], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: argument --db: the directory {str(missing.parent)!r}")
    code, _, err = run(["serve", "--db", str(tmp_path)], [], capsys)
    assert code == 2 and "is a directory" in err


# --- help that says what it means -----------------------------------------------------------


def test_optional_options_say_what_omitting_them_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "wizard", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "None" not in text and "(default: none)" not in text and ":attr:" not in text
    assert "1 to 20 with 3 players, 15 with 4, 12 with 5, 10 with 6; leave it out for the " in text
    assert main(["play", "oh-hell", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "leave it out to draw the hand size by chance" in text


def test_choices_are_shown_hyphenated_and_accepted_both_ways(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "bid-whist", "--help"]) == 0
    assert "--first-lead {left-of-dealer,declarer}" in " ".join(capsys.readouterr().out.split())
    assert main(["play", "oh-hell", "--help"]) == 0
    assert "--schedule {up,down,up-down,down-up}" in " ".join(capsys.readouterr().out.split())
    for lead in ("left-of-dealer", "left_of_dealer"):
        assert main(["demo", "bid-whist", "--seed", "1", "--first-lead", lead]) == 0
    assert main(["demo", "oh-hell", "--seed", "1", "--schedule", "up-down"]) == 0
    capsys.readouterr()
    assert main(["demo", "bid-whist", "--first-lead", "nobody"]) == 2
    assert "choose from left-of-dealer, declarer" in capsys.readouterr().err


def test_the_kitty_variants_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "bid-whist", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "the declarer takes it up and discards six cards" in text


@pytest.mark.parametrize("command", ["play", "demo", "simulate"])
def test_game_commands_list_each_games_flags_and_explain_one_game_at_a_time(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    overview = capsys.readouterr().out
    assert len(overview.splitlines()) < 45
    assert f"'tricktaking {command} GAME --help'" in " ".join(overview.split())
    for game in tt.available_games():
        assert f"{tt.get_game(game).title}: --" in overview
    assert main([command, "oh-hell", "--help"]) == 0
    text = capsys.readouterr().out
    assert "Oh Hell options:" in text and "Wizard options:" not in text
    assert "--hand-size N" in text and "--rounds N" not in text.split("other games")[0]


@pytest.mark.parametrize("game", tt.available_games())
def test_every_option_help_is_written_for_players(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", game, "--help"]) == 0
    text = capsys.readouterr().out.split(f"{tt.get_game(game).title} options:")[1]
    text = " ".join(text.split("other games' options:")[0].split())
    for code in (":attr:", ":class:", "``", "None", "//", "h_max", "H_max", "_"):
        assert code not in text, (game, code, text)
    assert not re.search(r"\b[A-Z]{2}-\d", text), text  # no rule clause numbers


def test_players_help_names_every_game_and_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for game in tt.available_games():
        assert tt.get_game(game).title in text.split("--players N number")[1].split("--seed")[0]
    assert "Wizard 3 to 6 (default 4)" in text and "Oh Hell 3 to 7 (default 3)" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["play", "oh-hell", "--hand-size", "99"],
            "error: --hand-size must be 1 to 17 with 3 players (or leave it out to draw the "
            "hand size by chance), not 99",
        ),
        (
            ["play", "oh-hell", "--players", "4", "--hand-size", "13"],
            "error: --hand-size must be 1 to 12 with 4 players",
        ),
        (
            ["play", "wizard", "--rounds", "16"],
            "error: --rounds must be 1 to 15 with 4 players (or leave it out for the full game)",
        ),
        (
            ["play", "oh-hell", "--hand-size", "2", "--schedule", "up"],
            "error: --hand-size must be left out with a schedule",
        ),
        (["play", "oh-hell", "--max-hand-size", "2"], "error: --max-hand-size needs a schedule"),
        (["play", "wizard", "--first-dealer", "4"], "error: --first-dealer must be 0 to 3 with"),
    ],
)
def test_configuration_errors_are_said_in_the_command_lines_words(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, [], capsys)
    assert code == 2 and err.startswith(message), err
    for code_word in ("None", "H_max", "hand_size", "max_hand_size", "OH-", "first_dealer"):
        assert code_word not in err


def test_an_unknown_option_before_the_command_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["--frobnicate"], [], capsys)
    assert code == 2 and "unrecognized arguments: --frobnicate" in err
    code, _, err = run([], [], capsys)
    assert code == 2 and err.startswith("error: a command is required: games, rules, play")


def test_replay_and_bot_describe_themselves(capsys: pytest.CaptureFixture[str]) -> None:
    for command, words in (("replay", "deal by deal and trick by trick"), ("bot", "over the")):
        assert main([command, "--help"]) == 0
        _, _, rest = capsys.readouterr().out.partition("\n\n")
        assert words in " ".join(rest.split("positional arguments")[0].split()), command


def test_arena_help_lists_the_kinds_the_default_and_why_deals_are_short(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "kinds: heuristic, random, pimc, ismcts" in text
    assert "(default: heuristic,random)" in text
    assert "Wizard 5" in text and "shorter than" in text
    assert "with its 95% interval" in text and "%%" not in text


def test_demo_takes_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "one-card", "--seed", "1", "--bots", "random"]) == 0
    random_game = capsys.readouterr().out
    assert main(["demo", "one-card", "--seed", "1"]) == 0
    assert capsys.readouterr().out != random_game
    assert main(["demo", "--help"]) == 0
    assert "kinds: heuristic" in " ".join(capsys.readouterr().out.split())


def test_serve_help_describes_the_extra_and_the_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server = pytest.importorskip("tricktaking.web.server")
    assert main(["serve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "pip install 'tricktaking[web]'" in text
    assert f"{server.DEFAULT_DB} in the current directory" in text


# --- the terminal game as a player reads it -------------------------------------------------


def test_quit_and_end_of_input_both_end_the_game_with_status_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["play", "wizard", "--seed", "1"], ["quit"], capsys)[0] == 0
    code, out, _ = run(["play", "wizard", "--seed", "1"], [], capsys)
    assert code == 0 and out.endswith("game abandoned\n")


def _following_position() -> tuple[GameState[object], int]:
    """A Wizard state where the seat to play holds cards it may not play."""
    for seed in range(50):
        for state in game_states(tt.WizardConfig(players=3, rounds=4), ["random"] * 3, seed):
            seat = tt.actor(state)
            if not isinstance(seat, int):
                continue
            seen = tt.view(state, seat)
            playable = {a.card for a in seen.legal_actions if isinstance(a, tt.Play)}
            if playable and set(seen.hand) - playable:
                return state, seat
    raise AssertionError("no position with unplayable cards")


def test_the_hand_brackets_the_cards_you_may_play_when_some_are_not_playable() -> None:
    state, seat = _following_position()
    seen = tt.view(state, seat)
    stream = io.StringIO()
    describe(seen, Names(3, seat), Output(stream, ascii_only=True))
    hand = next(line for line in stream.getvalue().splitlines() if line.startswith("your hand"))
    playable = {a.card for a in seen.legal_actions if isinstance(a, tt.Play)}
    marked = re.findall(r"\[([^\] ]+)\]", hand)
    assert sorted(marked) == sorted(Output(stream, True).card(card) for card in playable)
    assert "(you may play the cards in [ ])" in hand


def test_the_status_line_shows_the_running_scores(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["play", "one-card", "--seed", "4"], ["quit"], capsys)
    status = next(line for line in out.splitlines() if line.startswith("--- deal 1"))
    assert status.endswith("scores: you 0, seat 1 0, seat 2 0")


def test_a_card_you_do_not_hold_is_named_as_the_terminal_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seed = 5
    state = tt.new_game(tt.WizardConfig(players=3, rounds=1, first_dealer=1))
    state = tt.apply(state, tt.deal(state, derive_seed(seed, "deal", 0)))
    missing = next(card for card in tt.Deck.wizard() if card not in tt.view(state, 0).hand)
    assert missing.suit is not None
    argv = ["play", "wizard", "--players", "3", "--rounds", "1", "--first-dealer", "1"]
    _, out, _ = run([*argv, "--seed", str(seed)], ["bid 0", str(missing), "quit"], capsys)
    assert f"not allowed: you do not hold {missing.pretty()}" in out
    assert "seat 0 does not hold" not in out


def test_points_and_tricks_are_counted_in_the_singular_and_the_plural(
    capsys: pytest.CaptureFixture[str],
) -> None:
    texts = []
    for seed in (5, 6):  # seed 6: a player takes exactly one point
        assert main(["demo", "one-card", "--seed", str(seed), "--target", "3"]) == 0
        texts.append(capsys.readouterr().out)
    text = "\n".join(texts)
    assert not re.search(r"\b1 (points|tricks)\b", text)
    assert re.search(r"\btook 1 point\b", text)

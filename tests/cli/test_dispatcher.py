"""The dispatcher: bad input that a command does not report itself still ends as a named error."""

from __future__ import annotations

import pytest

from codedebate import cli
from codedebate.errors import InputError


def test_unreported_input_error_exits_2_naming_the_source(monkeypatch, capsys):
    def fail(args):
        raise InputError("config/x.yaml", "experiments.e1", "is not a mapping")

    real = cli.build_parser

    def parser_with_failing_command():
        parser = real()
        sub = next(a for a in parser._actions if a.dest == "command")
        sub.add_parser("explode").set_defaults(func=fail)
        return parser

    monkeypatch.setattr(cli, "build_parser", parser_with_failing_command)
    assert cli.main(["explode"]) == 2
    assert "error: config/x.yaml: key 'experiments.e1': is not a mapping" in capsys.readouterr().err


def test_no_command_prints_help_and_exits_2(capsys):
    assert cli.main([]) == 2
    assert "usage: codedebate" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["run", "validate", "tables", "experiments", "pull-models"])
def test_every_stage_is_a_subcommand(command, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main([command, "--help"])
    assert exc.value.code == 0
    assert f"usage: codedebate {command}" in capsys.readouterr().out

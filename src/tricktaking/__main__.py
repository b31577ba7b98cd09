"""``python -m tricktaking`` runs the command line."""

from tricktaking.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

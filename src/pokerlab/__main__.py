"""``python -m pokerlab``: the ``pokerlab`` command."""

if __name__ == "__main__":
    from pokerlab.cli.main import app

    app()

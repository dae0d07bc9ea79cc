"""The CLI latency baseline: a Typer hello-world command, run the way `potlog` is."""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello(name: str = "world") -> None:
    """Say hello."""
    print(f"hello {name}")


if __name__ == "__main__":
    app()

"""``python -m companion`` and the ``companion`` command: Ctrl+C at any moment, start-up too, is exit status 130.

Only this small module is imported before the guard is in place: an interrupt while the rest of the companion
loads stops it quietly, never with a traceback.
"""


def run() -> int:
    """Load the command line and run it; an interrupt while loading is status 130, said by nothing.

    The cyclic garbage collector waits while the companion loads: start-up makes thousands of objects and nearly no
    garbage, and its collections cost a table 3 to 6 ms before the first sentence (issue 34). ``cli.main`` turns it
    back on before running any command but ``play``, and ``play`` once the game's first sentence is said. The whole
    help is printed from its kept text when that is argparse's answer (companion/quick_help.py).
    """
    import gc
    import sys

    gc.disable()
    try:
        from companion.quick_help import answer

        status = answer(sys.argv[1:])
        if status is not None:
            return status
        from companion.cli import main

        return main()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(run())

"""argparse's own words, listed so that the ``core`` catalog translates them.

The CLI routes argparse's gettext calls through our catalog (see cli.py); these
are the messages a user can meet. Nothing here runs.
"""

from companion.marker import N_



MESSAGES = (
    # Translators: argparse's own words in --help; keep the space at the end (French: "utilisation : ").
    N_("usage: "),
    # Translators: heading in --help, lower case like argparse's.
    N_("positional arguments"),
    # Translators: heading in --help (the options list), lower case like argparse's.
    N_("options"),
    N_("show this help message and exit"),
    # Translators: {value} a card's value or the value typed; {choices} the possible choices, already joined.
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # Translators: %s what argparse fills in.
    N_("unrecognized arguments: %s"),
    # Translators: %s what argparse fills in.
    N_("the following arguments are required: %s"),
    # Translators: {argument_name} an option's name; {message} argparse's message.
    N_("argument %(argument_name)s: %(message)s"),
    # Translators: {type} a type's name; {value} a card's value or the value typed.
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    # Translators: {prog} the program's name; {message} argparse's message.
    N_("%(prog)s: error: %(message)s\n"),
    # Translators: {option} a command-line option; {matches} possible options, already joined.
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # Translators: two options that cannot go together (--delete and --delete-finished); %s is the other option.
    N_("not allowed with argument %s"),
    # Translators: %s what argparse fills in.
    N_("one of the arguments %s is required"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
)

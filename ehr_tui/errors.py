"""Errors a user can cause. The CLI and the app show them as one clear sentence, never a traceback."""


class UserError(Exception):
    """Bad input or a missing prerequisite: the message says what is wrong and what to do."""

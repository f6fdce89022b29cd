"""Reading and writing the user's files safely: atomic saves, bounded loads.

A save goes to a temporary file beside the target, is flushed to disk, then renamed over
the target in one step, so a crash or a full disk never leaves a half-written file
(DESIGN.md: "save is 'write the log'"). What is refused, and why (issue 11, "Bad input" 7):

* a target that is not a regular file (a symbolic link, a folder, a device, a pipe): the
  rename would replace the link or the device instead of writing the file the user meant;
* a missing folder or a folder the user cannot write: the message names the user's path,
  never the temporary file;
* an existing file that is read-only (its owner has no write permission, or the user may
  not write it): the rename would replace it although the system refuses to write it
  (issue 23, item 20). Root may write any file, but a file marked read-only is refused
  for root too: it was marked so on purpose;
* loading anything but a regular file (``/dev/zero``, a pipe...), or more than
  :data:`MAX_READ_BYTES`.

An existing file keeps its permission bits; a new file gets the usual ones (``0o666``
less the umask). A temporary file is removed when the save fails; one left by a killed
process (its name says which) is removed by the next save of the same file.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
from pathlib import Path

from ..errors import LfgError

__all__ = ["FileError", "MAX_READ_BYTES", "atomic_write_text", "read_text_capped",
           "TEMP_SUFFIX"]

#: The most a load reads (64 MiB): a fight of 100,000 events is about 30 MiB.
MAX_READ_BYTES = 64 * 1024 * 1024
#: How a temporary file's name ends: ``.<name>.<pid>.<random>.lfgtmp``.
TEMP_SUFFIX = ".lfgtmp"


class FileError(LfgError, OSError):
    """A file that cannot be saved or loaded; the message names the user's path.

    Attributes:
        path: The path as the user gave it (``None`` if it was not a path).
        reason: What was wrong and what to do, without the path.
    """

    def __init__(self, verb: str, path: object, reason: str) -> None:
        self.path = path
        self.reason = reason
        where = f" {path}" if path is not None else ""
        super().__init__(f"cannot {verb}{where}: {reason}")

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _user_path(path: object, verb: str) -> Path:
    if isinstance(path, (str, os.PathLike)):
        try:
            p = Path(path)
        except TypeError:
            p = None
        if p is not None and str(path) != "" and "\0" not in str(p):
            return p
    raise FileError(verb, None, f"the path must be a file name (a non-empty str or Path "
                    f"without NUL characters), got {path!r:.80}")


def _refuse_non_regular(path: Path, st: os.stat_result, what: str) -> None:
    if stat.S_ISREG(st.st_mode):
        return
    kind = ("a symbolic link" if stat.S_ISLNK(st.st_mode) else
            "a folder" if stat.S_ISDIR(st.st_mode) else
            "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else
            "a pipe" if stat.S_ISFIFO(st.st_mode) else
            "a socket" if stat.S_ISSOCK(st.st_mode) else "not a regular file")
    advice = ("give the path of a saved file" if what == "read" else
              "save to the file it points to, or choose another name"
              if stat.S_ISLNK(st.st_mode) else "choose a file name")
    raise FileError(what, path, f"it is {kind}; {advice}")


def _clean_leftovers(folder: Path, name: str) -> None:
    """Remove temporary files of ``name`` left by a process that no longer runs."""
    pattern = re.compile(rf"^\.{re.escape(name)}\.(\d+)\.[0-9a-f]{{8}}{re.escape(TEMP_SUFFIX)}$")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        m = pattern.match(entry.name)
        if not m or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(m.group(1))
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _existing(path: Path) -> os.stat_result | None:
    """The existing target's status (``None`` if there is none yet).

    Raises:
        FileError: the target exists and is not a regular file.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileError("save", path, str(exc.strerror)) from None
    _refuse_non_regular(path, st, "save")
    if not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise FileError("save", path, f"it is read-only (mode {stat.S_IMODE(st.st_mode):04o}); "
                        "make it writable first (chmod u+w), or save under another name")
    return st


def _like(fd: int, old: os.stat_result | None) -> None:
    """Give the new file the old one's permission bits (and owner, where allowed)."""
    if old is None:
        return
    os.fchmod(fd, stat.S_IMODE(old.st_mode))
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except OSError:  # only root may give a file away; the user's own files keep theirs
        pass


def _sync_folder(folder: Path) -> None:
    """Flush the rename to disk too (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` beside ``path`` in a temporary file, flush it to disk, then rename it
    over ``path`` in one step; on any failure the old file is left as it was and the
    temporary file is removed.

    Args:
        path: The file to write (a new file, or an existing regular file, whose
            permission bits are kept).
        text: The whole content (written as UTF-8).

    Returns:
        The path written.

    Raises:
        FileError: ``path`` is a symbolic link, folder, device or pipe, a read-only
            file (no write permission for its owner, or none for this user), its folder is
            missing or not writable, the disk is full, or ``text`` holds a lone surrogate;
            the message names ``path``.
    """
    path = _user_path(path, "save")
    folder = path.parent
    old = _existing(path)
    if not folder.is_dir():
        raise FileError("save", path, f"the folder {folder} does not exist; create it first "
                        "or choose another folder")
    _clean_leftovers(folder, path.name)
    tmp = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o666)
    except OSError as exc:
        raise FileError("save", path, f"{exc.strerror} (in the folder {folder})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            _like(fh.fileno(), old)
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        _remove(tmp)
        if isinstance(exc, UnicodeEncodeError):
            raise FileError("save", path, f"the text holds {exc.object[exc.start]!r}, which "
                            f"is not a Unicode character (character {exc.start})") from None
        if isinstance(exc, OSError) and not isinstance(exc, FileError):
            raise FileError("save", path, str(exc.strerror or exc)) from None
        raise
    _sync_folder(folder)
    return path


def _remove(tmp: Path) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def read_text_capped(path: str | os.PathLike[str], *, limit: int | None = None,
                     what: str = "file") -> str:
    """Read a regular file as UTF-8 text, refusing anything else and anything too big.

    Args:
        path: The file.
        limit: The most bytes read (:data:`MAX_READ_BYTES` if ``None``).
        what: What the file is, for messages ("saved encounter", "creature file"...).

    Returns:
        The text.

    Raises:
        FileError: missing or unreadable, not a regular file, larger than ``limit``, or
            not UTF-8 (the message names the line).
    """
    path = _user_path(path, f"read the {what}")
    limit = MAX_READ_BYTES if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileError("read", path, str(exc.strerror)) from None
    try:
        st = os.fstat(fd)
        _refuse_non_regular(path, st, "read")
        if st.st_size > limit:
            raise FileError("read", path, _too_big(what, limit))
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        if isinstance(exc, FileError):
            raise
        raise FileError("read", path, str(exc.strerror or exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileError("read", path, _too_big(what, limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileError("read", path, f"line {line} is not UTF-8 text (byte "
                        f"{exc.start}); is it a {what}?") from None


def _too_big(what: str, limit: int) -> str:
    size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"
    return (f"it is larger than {size}, the most a {what} is read to "
            "(lfgcombat.io._files.MAX_READ_BYTES)")

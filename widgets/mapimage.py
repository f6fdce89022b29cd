"""The GM's battle-map picture as a URL the browser can fetch (for the BattleMap's image
overlay): a web address as it is, a local file embedded as a ``data:`` URL.

No rules here; see :meth:`lfgcombat.HexMap.set_background` for the picture itself.
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from lfgcombat.errors import LfgError

#: The largest local picture embedded (a bigger one belongs on a web server).
MAX_IMAGE_BYTES = 20 * 1024 * 1024
_WEB = ("http://", "https://", "data:")


def image_url(image: str, base: str | Path | None = None) -> str:
    """A URL for ``image``: web addresses and ``data:`` URLs unchanged, a local file read
    and embedded as a base64 ``data:`` URL (the notebook server does not serve it).

    Args:
        image: A path (relative to ``base``, or the working directory) or a URL.
        base: Where relative paths start (default: the working directory).

    Returns:
        The URL.

    Raises:
        LfgError: the file is missing, not a picture, unreadable or larger than
            :data:`MAX_IMAGE_BYTES`; the message names it and says what to give.
    """
    if not isinstance(image, str) or not image.strip():
        raise LfgError(f"background: give a picture's path or URL, not {image!r}")
    if image.startswith(_WEB):
        return image
    path = Path(image).expanduser()
    if base is not None and not path.is_absolute():
        path = Path(base) / path
    if not path.is_file():
        raise LfgError(f"background: no picture file {image!r} (looked in "
                       f"{path.parent.resolve()}); give a path or an http(s) URL")
    mime = mimetypes.guess_type(path.name)[0] or ""
    if not mime.startswith("image/"):
        raise LfgError(f"background: {image!r} is not a picture (.png, .jpg, .svg, .webp...)")
    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise LfgError(f"background: {image!r} is {size // 2**20} MB, more than "
                       f"{MAX_IMAGE_BYTES // 2**20} MB; make it smaller or serve it by URL")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LfgError(f"background: cannot read {image!r}: {exc.strerror}") from None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"

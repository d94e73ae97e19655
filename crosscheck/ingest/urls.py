"""Outlet names from URLs: the registered domain, via the public-suffix list in ``tld``."""

from __future__ import annotations

from tld import get_fld


def outlet_from_url(url: str | None) -> str | None:
    """Registered domain of ``url`` (``https://www.rt.com/news/...`` -> ``rt.com``), else None.

    The public-suffix list is what makes ``news.bbc.co.uk`` -> ``bbc.co.uk`` right, so we use
    ``tld`` rather than splitting on dots. A URL without a scheme (``www.rt.com/...``) is accepted.
    """
    if not url or not url.strip():
        return None
    domain = get_fld(url.strip(), fix_protocol=True, fail_silently=True)
    return domain.lower() if domain else None

"""Issue 23: a page opens like a document, in real Chromium: nothing focused, its first heading first, its
language said and never machine-translated, no focusable control hidden."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from web_helpers import Browser, Table, chromium_or_skip

pytest.importorskip("selenium", reason="selenium is not installed: run make setup")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_page_opens_like_a_document(tmp_path: Path, lang: str) -> None:
    chromium_or_skip()
    browser = Browser(tmp_path / "profile")
    table = Table(tmp_path, "love-letter", ("Ana", "Ben", "Cleo"), {"players": 3})
    try:
        for url in (table.base + f"/?lang={lang}", table.urls["p1"] + f"?lang={lang}"):
            browser.driver.get(url)
            driver = browser.driver
            html = driver.find_element(By.TAG_NAME, "html")
            assert html.get_attribute("lang") == lang and html.get_dom_attribute("translate") == "no"
            assert driver.find_element(By.CSS_SELECTOR, 'meta[name="google"]').get_attribute("content") == "notranslate"
            # Nothing is focused at load: the screen reader starts in browse mode at the top, on the first heading.
            active = driver.execute_script("return document.activeElement.tagName")
            assert active == "BODY"
            first = driver.execute_script(
                "return document.querySelector('main').firstElementChild.tagName")
            assert first == "H1"
            assert not driver.find_elements(By.CSS_SELECTOR, "[autofocus]")
            # The page says its language in words, and how to switch the screen reader's voice.
            said = driver.find_element(By.ID, "language").text
            assert ("This page is in English" if lang == "en" else "Cette page est en français") in said
            # No control that can take the focus is hidden (a hidden card list is disabled as well).
            hidden_focusable = driver.execute_script("""
                return [...document.querySelectorAll('input:not([type=hidden]), select, button, a[href], [tabindex]')]
                  .filter(e => !e.disabled && e.closest('[hidden]') && e.tabIndex >= 0).map(e => e.id || e.name);""")
            assert hidden_focusable == []
            assert browser.axe() == []
    finally:
        browser.quit()
        table.close()

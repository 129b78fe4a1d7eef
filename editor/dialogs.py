"""The editor's modal questions, kept apart so tests can replace them."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget


def ask_unsaved(parent: QWidget, name: str) -> str:
    """'save', 'discard' or 'cancel' for a module with unsaved changes."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved changes",
                      f"The module {name} has unsaved changes. Save them?",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                      | QMessageBox.StandardButton.Cancel, parent)
    r = box.exec()
    return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(
        QMessageBox.StandardButton(r), "cancel")


def confirm(parent: QWidget, title: str, text: str) -> bool:
    r = QMessageBox.question(parent, title, text)
    return r == QMessageBox.StandardButton.Yes


def choose_module_file(parent: QWidget, caption: str, save: bool, start: str = "") -> str:
    filt = "Module database (*.sqlite);;All files (*)"
    if save:
        return QFileDialog.getSaveFileName(parent, caption, start, filt)[0]
    return QFileDialog.getOpenFileName(parent, caption, start, filt)[0]


def ask_note(parent: QWidget, current: str) -> str | None:
    """The note recorded with hand edits ("printed counter, checked by ..."); None: cancelled."""
    text, ok = QInputDialog.getText(parent, "Note for hand edits",
                                    "Recorded in the basis of every value you edit (optional):", text=current)
    return text if ok else None

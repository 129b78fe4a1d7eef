"""The client's style sheet: quiet, readable, paper-and-ink colours."""

STYLE = """
QMainWindow { background: #f3f0e6; }
#PhaseBar { background: #ebe6d5; border-bottom: 1px solid #c9c2aa; }
#PhaseBar QLabel { font-size: 13px; color: #2a2a24; }
#TurnLabel { font-weight: bold; font-size: 14px; }
#ReasonLabel { color: #a01010; font-weight: bold; }
#NextButton { font-weight: bold; padding: 5px 16px; background: #2f4f2f; color: white;
              border: 1px solid #1d331d; border-radius: 4px; }
#NextButton:hover { background: #3c633c; }
#NextButton:disabled { background: #9a9a8e; border-color: #888; }
#PastBanner { background: #f6d75a; border-bottom: 1px solid #b89a1a; }
#PastBanner QLabel { font-weight: bold; color: #3a2f00; }
#HexInfo { color: #333; padding-right: 6px; }
QStatusBar { background: #ebe6d5; border-top: 1px solid #c9c2aa; }
QDockWidget::title { background: #e1dbc6; padding: 4px 8px; font-weight: bold; }
QTreeWidget, QListWidget, QTableWidget { background: #fbfaf4; alternate-background-color: #f3f0e4; }
"""

"""The game authors' commands: `check-game` (the conformance kit on any game) and `new-game` (a
package skeleton whose tests pass)."""

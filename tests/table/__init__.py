"""The fight at the table (issue 26): the players' view, back to any line, turn reminders."""

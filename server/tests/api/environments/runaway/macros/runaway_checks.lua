-- Before a runaway check is saved: its text is matched against its pattern, as a macro that
-- passes a record's values into a pattern does, and what it matches is printed.
print("matching " .. #record.title .. " characters")
if record.pattern then
  string.find(record.title, record.pattern)
end

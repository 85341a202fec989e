-- Before a complaint is saved.

-- A complaint is closed with its outcome.
if record.status == "CLOSED" and (record.outcome == nil or record.outcome == "") then
  dossier.fieldError("outcome", "Choose the outcome before closing the complaint.")
end

-- Titles keep no stray spaces at either end.
if record.title then
  local trimmed = string.match(record.title, "^%s*(.-)%s*$")
  if trimmed ~= record.title then
    dossier.setField("title", trimmed)
  end
end

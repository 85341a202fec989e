-- Scores a complaint's urgency; a title with [crash] breaks it.
if record.title and string.find(record.title, "[crash]", 1, true) then
  error("the scoring rules are broken")
end

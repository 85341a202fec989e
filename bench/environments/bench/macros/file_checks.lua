-- A realistic before-save macro of about fifty lines: tidies texts, checks numbers and dates
-- against each other, and derives a value.

local function trim(text)
  if type(text) ~= "string" then return text end
  return (string.gsub(text, "^%s*(.-)%s*$", "%1"))
end

-- Texts keep no stray spaces at either end.
for i = 2, 20 do
  local id = string.format("f%02dtext", i)
  local value = record[id]
  if value ~= nil then
    local trimmed = trim(value)
    if trimmed ~= value then dossier.setField(id, trimmed) end
  end
end

-- The title is required and not shouted.
local title = trim(record.title or "")
if title == "" then
  dossier.fieldError("title", "Give the case file a title.")
elseif string.upper(title) == title and #title > 10 then
  dossier.setField("title", string.sub(title, 1, 1) .. string.lower(string.sub(title, 2)))
end

-- The numbers add up, and none is negative.
local total = 0
for i = 25, 28 do
  local value = record[string.format("f%02dnumber", i)] or 0
  if value < 0 then
    dossier.fieldError(string.format("f%02dnumber", i), "A negative amount is not allowed.")
  end
  total = total + value
end
if total > 1000000 then
  dossier.refuse("The amounts come to more than a million: ask a manager to record this file.")
end

-- The later date is not before the earlier one (ISO dates compare as text).
if record.f29date and record.f30date and record.f30date < record.f29date then
  dossier.fieldError("f30date", "This date cannot be before the one above it.")
end

-- A file with both flags set is followed up.
if record.f35yesno and record.f36yesno and (record.f37choice == nil or record.f37choice == "") then
  dossier.setField("f37choice", "beta")
end

-- Words of the notes, counted for the log of nothing: work a macro would really do.
local words = 0
for _ in string.gmatch(record.f21multiline or "", "%S+") do words = words + 1 end
if words > 5000 then dossier.fieldError("f21multiline", "Keep the notes under 5,000 words.") end

-- Leaving a complaint: one whose title holds [stay] may not be left.
if record.title and string.find(record.title, "[stay]", 1, true) then
  dossier.refuse("Finish this complaint before you leave it.")
end

-- A letter to the complainant needs one to be chosen.
if record.complainant == nil then
  dossier.refuse("Choose the complainant first: the letter goes to them.")
end

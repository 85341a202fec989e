-- Asks the person to choose a witness (a macro search), and makes them one, with a comment on
-- the witness; choosing none fails the step, and one who is a witness already is refused.
local witness = dossier.macroSearch{
  entityCodes = {"IND"}, entityType = "Person", allowNew = true,
  prompt = "Choose the witness",
}
if witness == nil then
  dossier.refuse("No witness was chosen.")
  return
end
for _, held in ipairs(dossier.linked("WITNESS")) do
  if held.id == witness.id then
    dossier.refuse(witness.title .. " is a witness already.")
    return
  end
end
dossier.link("WITNESS", witness)
dossier.comment(witness, "Added as a witness in " .. dossier.id .. ".")
dossier.alert("success", witness.title .. " is now a witness.", 10)

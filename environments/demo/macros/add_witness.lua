-- Add a witness: asks the person to choose an individual (the macro search opens; the macro goes
-- on once they have chosen), makes them a witness of the complaint, and writes on the witness's
-- record where they were added. Choosing none, or someone who is a witness already, fails the step
-- with the reason.
local witness = dossier.macroSearch{
  entityCodes = {"IND"},
  entityType = "Person",
  allowNew = true,
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
dossier.comment(witness, "Added as a witness in " .. dossier.id .. " (" .. (record.title or "") .. ").")
dossier.alert("success", witness.title .. " is now a witness.", 10)

#include "backup/manifest.hpp"

#include <gtest/gtest.h>

#include "backup/backup_error.hpp"

namespace dossier::backup {
namespace {

Manifest example() {
  Manifest manifest;
  manifest.dossierVersion = "0.1.0 Build 20261126.abcdef0";
  manifest.environment = "demo";
  manifest.createdAt = "2026-11-26T09:00:00.000Z";
  manifest.sourceDatabase = "postgresql";
  manifest.schemaVersion = 18;
  manifest.tables = {{"cases", 12}, {"users", 3}, {"sessions", 0}};
  manifest.blobs = 1;
  manifest.blobBytes = 5;
  manifest.members = {
      {"configuration/environment.yaml", 20, std::string(64, 'a')},
      {"database/dossier.db", 4096, std::string(64, 'b')},
      {"blobs/" + std::string(64, 'c'), 5, std::string(64, 'c')},
  };
  return manifest;
}

std::string refusal(std::string_view json) {
  try {
    parseManifest(json, "/backups/demo.tar");
  } catch (const BackupError& error) {
    return error.what();
  }
  return "";
}

TEST(Manifest, ReadsBackWhatWasWritten) {
  const auto manifest = example();
  EXPECT_EQ(parseManifest(toJson(manifest), "demo.tar"), manifest);
}

TEST(Manifest, SaysWhatItIsForSomeoneReadingTheFile) {
  const auto json = toJson(example());
  EXPECT_NE(json.find(R"("format":"dossier-backup","formatVersion":1)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("schemaVersion":18)"), std::string::npos);
  EXPECT_NE(json.find(R"("blobs":{"count":1,"bytes":5})"), std::string::npos);
}

TEST(Manifest, ANewerFormatIsRefusedNamingTheVersionToUse) {
  auto json = toJson(example());
  json.replace(json.find("\"formatVersion\":1"), 17, "\"formatVersion\":2");
  EXPECT_EQ(refusal(json),
            "/backups/demo.tar is a backup of format 2, written by dossier 0.1.0 Build "
            "20261126.abcdef0; this dossier reads format 1 only. Restore it with dossier 0.1.0 "
            "Build 20261126.abcdef0 or newer.");
}

TEST(Manifest, WhatIsNoManifestIsSaidToBeNoBackup) {
  EXPECT_EQ(refusal("not json"),
            "/backups/demo.tar is not a Dossier backup: its manifest.json is not a JSON object.");
  EXPECT_EQ(refusal(R"({"format":"something-else","formatVersion":1})"),
            "/backups/demo.tar is not a Dossier backup: its manifest.json does not say format "
            "\"dossier-backup\".");
  auto json = toJson(example());
  json.replace(json.find("\"schemaVersion\":18"), 18, "\"schemaVersion\":\"x\"");
  EXPECT_EQ(refusal(json),
            "/backups/demo.tar is not a Dossier backup: in its manifest.json, schemaVersion is not "
            "a whole number.");
  json = toJson(example());
  json.replace(json.find("\"size\":4096"), 11, "\"size\":-1");
  EXPECT_EQ(refusal(json),
            "/backups/demo.tar is not a Dossier backup: in its manifest.json, members[1].size is "
            "not a whole number.");
}

}  // namespace
}  // namespace dossier::backup

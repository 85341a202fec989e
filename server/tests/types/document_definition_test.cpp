#include "types/document_definition.hpp"

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"
#include "types/type_loader.hpp"

namespace dossier::types {
namespace {

const char* const kGroups = R"yaml(groups:
  - name: caseworkers
    members: [jsmith]
  - name: investigators
    members: [akhan]
)yaml";

const char* const kDocuments = R"yaml(folders:
  - {value: correspondence, text: Correspondence}
securityGroups:
  - {value: standard, text: Standard, view: [everyone]}
  - {value: restricted, text: Restricted, view: [investigators]}
categories: [{value: letter, text: Letter}]
portalCategories: [{value: none, text: Not shared}]
customFields:
  - {id: receivedFrom, type: text, label: Received from, maxLength: 200}
standardFields:
  PortalCategory: {label: Sharing, readOnly: true}
  Author: {visible: false}
versions: {enabled: true, hideIncrementMajorVersion: true, commentPrompt: DisplayAndMandatory}
history:
  pageSize: 5
  columns: [{field: Version}, {field: ModifiedBy, label: Changed by}]
allowedTypes: [pdf, docx]
maxFileSizeMB: 20
)yaml";

class DocumentDefinitionTest : public ::testing::Test {
 protected:
  testing::TempFolder root;
  ConfigErrors errors;

  Catalog load(const std::string& documents) {
    root.write("groups.yaml", kGroups);
    root.write("documents.yaml", documents);
    return loadCatalog(root.path(), errors);
  }

  bool saysAt(const std::string& path, const std::string& words) const {
    for (const auto& issue : errors.issues()) {
      if (issue.path == path && issue.message.find(words) != std::string::npos &&
          issue.file.ends_with("documents.yaml") && issue.line > 0) {
        return true;
      }
    }
    return false;
  }
};

TEST_F(DocumentDefinitionTest, ReadsEverythingDocumentsYamlSays) {
  const auto catalog = load(kDocuments);
  ASSERT_TRUE(errors.empty()) << errors.describe();
  ASSERT_TRUE(catalog.documents);
  const auto& documents = *catalog.documents;
  EXPECT_EQ(documents.folders.at(0).text, "Correspondence");
  ASSERT_EQ(documents.securityGroups.size(), 2u);
  EXPECT_EQ(documents.securityGroups[1].viewers, std::vector<std::string>{"investigators"});
  EXPECT_EQ(documents.customFields.at(0).id, "receivedFrom");
  EXPECT_EQ(documents.standardFields.at("PortalCategory").label, "Sharing");
  EXPECT_TRUE(documents.standardFields.at("PortalCategory").readOnly);
  EXPECT_FALSE(documents.standardFields.at("Author").visible);
  EXPECT_TRUE(documents.versions.hideIncrementMajorVersion);
  EXPECT_EQ(documents.versions.commentPrompt, VersionCommentPrompt::DisplayAndMandatory);
  EXPECT_EQ(documents.historyPageSize, 5);
  EXPECT_EQ(documents.historyColumns.at(0).label, "Version");
  EXPECT_EQ(documents.historyColumns.at(1).label, "Changed by");
  EXPECT_EQ(documents.allowedTypes, (std::vector<std::string>{"pdf", "docx"}));
  EXPECT_EQ(documents.maxFileSize, 20u * 1024 * 1024);
}

TEST_F(DocumentDefinitionTest, AnEnvironmentWithoutDocumentsYamlKeepsNoDocuments) {
  root.write("groups.yaml", kGroups);
  EXPECT_FALSE(loadCatalog(root.path(), errors).documents);
  EXPECT_TRUE(errors.empty());
}

TEST_F(DocumentDefinitionTest, AMinimalFileGetsSensibleDefaults) {
  const auto catalog = load("folders: [{value: general, text: General}]\n");
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& documents = *catalog.documents;
  EXPECT_EQ(documents.securityGroups.at(0).viewers, std::vector<std::string>{"everyone"});
  EXPECT_EQ(documents.historyColumns.size(), 4u);
  EXPECT_EQ(documents.allowedTypes, kKnownDocumentTypes);
  EXPECT_EQ(documents.versions.commentPrompt, VersionCommentPrompt::Display);
}

TEST_F(DocumentDefinitionTest, NamesTheFileThePathAndTheLineOfEveryMistake) {
  load(R"yaml(securityGroups:
  - {value: secret, view: [spies]}
customFields:
  - {id: Title, type: text, label: Title again}
  - {id: witness, type: person, label: Witness, role: WITNESS}
standardFields:
  Title: {visible: false}
  Colour: {label: Colour}
versions: {commentPrompt: Sometimes}
history: {columns: [{field: Shoe size}]}
allowedTypes: [pdf, exe]
maxFileSizeMB: 0
)yaml");
  EXPECT_TRUE(saysAt("securityGroups[0].view", "'spies' is not a group of groups.yaml"))
      << errors.describe();
  EXPECT_TRUE(saysAt("customFields[0].id", "'Title' is a standard field"));
  EXPECT_TRUE(saysAt("customFields[1].type", "cannot hold a person or a case"));
  EXPECT_TRUE(saysAt("standardFields.Title.visible", "cannot be hidden"));
  EXPECT_TRUE(saysAt("standardFields.Colour", "")) << errors.describe();
  EXPECT_TRUE(saysAt("versions.commentPrompt", "must be No, Display or DisplayAndMandatory"));
  EXPECT_TRUE(saysAt("history.columns[0].field", "'Shoe size' is not one of"));
  EXPECT_TRUE(saysAt("allowedTypes", "'exe' is not a file type Dossier recognises"));
  EXPECT_TRUE(saysAt("maxFileSizeMB", ""));
}

}  // namespace
}  // namespace dossier::types

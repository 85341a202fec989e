#include "db/connection_url.hpp"

#include <gtest/gtest.h>

namespace dossier::db {
namespace {

TEST(ConnectionUrlShown, APasswordInTheUrlIsNeverShown) {
  EXPECT_EQ(withoutPassword("postgresql://dossier:s3cret@db.example.org:5432/demo"),
            "postgresql://dossier:***@db.example.org:5432/demo");
  EXPECT_EQ(withoutPassword("postgresql://dossier@db/demo?sslmode=require&password=s3cret&x=1"),
            "postgresql://dossier@db/demo?sslmode=require&password=***&x=1");
}

TEST(ConnectionUrlShown, AUrlWithoutPasswordIsShownAsItIs) {
  EXPECT_EQ(withoutPassword("postgresql://dossier@db.example.org/demo"),
            "postgresql://dossier@db.example.org/demo");
  EXPECT_EQ(withoutPassword("postgresql:///demo?host=/run/postgresql"),
            "postgresql:///demo?host=/run/postgresql");
}

}  // namespace
}  // namespace dossier::db

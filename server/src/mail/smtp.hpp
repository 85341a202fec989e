#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace dossier::mail {

// A file sent with a message (a task's generated letter).
struct Attachment {
  std::string fileName;
  std::string contentType;
  std::string content;
};

struct Message {
  std::string from;
  std::string to;
  std::string subject;
  std::string body;  // plain text
  std::vector<Attachment> attachments;
  // The body as HTML too, or nothing: mail programs show it, others the text.
  std::string html = {};
};

// The message as RFC 5322 text (what is sent, and what is kept as an .eml document): headers that
// cannot carry a line break (a subject beyond ASCII encoded as RFC 2047 says), a Date and a
// Message-ID, the body with CRLF line ends and UTF-8 named (with HTML, the text and the HTML, in
// base64, as multipart/alternative); with attachments, a multipart/mixed message whose files are in
// base64, named as RFC 2231 says.
std::string rfc5322(const Message& message, std::chrono::system_clock::time_point now);

// Whether text is one e-mail address (no line breaks or spaces, one @ with something each side).
bool isEmailAddress(const std::string& text);

// Sends through an SMTP relay (smtp://host:port, or smtps:// for TLS) with libcurl, within
// `timeout`; the relay's refusal or silence comes back as an error a person can read.
Status send(const std::string& relayUrl, const Message& message, const std::string& text,
            std::chrono::seconds timeout = std::chrono::seconds(20));

}  // namespace dossier::mail

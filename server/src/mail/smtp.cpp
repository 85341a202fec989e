#include "mail/smtp.hpp"

#include <cctype>
#include <cstring>
#include <ctime>
#include <curl/curl.h>

#include "core/crypto.hpp"
#include "mail/errors.hpp"

namespace dossier::mail {

namespace {

// A header's value on one line: a line break would start a header of the sender's making.
std::string oneLine(const std::string& text) {
  std::string out;
  for (const char c : text) {
    out += (c == '\r' || c == '\n') ? ' ' : c;
  }
  return out;
}

std::string crlf(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) {
      out += '\r';
    }
    out += text[i];
  }
  return out;
}

bool isAscii(const std::string& text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      return false;
    }
  }
  return true;
}

// A header's text beyond ASCII as an RFC 2047 encoded word.
std::string headerText(const std::string& text) {
  const auto line = oneLine(text);
  return isAscii(line) ? line : "=?UTF-8?B?" + base64Encode(line) + "?=";
}

// A file name for Content-Disposition: an ASCII stand-in in quotes, and the name itself as RFC
// 2231 percent-encoding.
std::string fileNameParameters(const std::string& name) {
  std::string plain;
  std::string encoded;
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : oneLine(name)) {
    const auto byte = static_cast<unsigned char>(c);
    const bool safe = std::isalnum(byte) != 0 || c == '.' || c == '-' || c == '_';
    plain += byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\' ? c : '_';
    if (safe) {
      encoded += c;
    } else {
      encoded += '%';
      encoded += kHex[byte >> 4];
      encoded += kHex[byte & 0xf];
    }
  }
  return "filename=\"" + plain + "\"; filename*=UTF-8''" + encoded;
}

// Base64 in lines of 76 characters.
std::string base64Lines(const std::string& content) {
  const auto encoded = base64Encode(content);
  std::string out;
  for (std::size_t at = 0; at < encoded.size(); at += 76) {
    out += encoded.substr(at, 76) + "\r\n";
  }
  return out;
}

struct Reader {
  const std::string* text;
  std::size_t at = 0;
};

std::size_t readMessage(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* reader = static_cast<Reader*>(user);
  const auto room = size * count;
  const auto left = reader->text->size() - reader->at;
  const auto n = left < room ? left : room;
  std::memcpy(buffer, reader->text->data() + reader->at, n);
  reader->at += n;
  return n;
}

}  // namespace

bool isEmailAddress(const std::string& text) {
  const auto at = text.find('@');
  return !text.empty() && text.size() <= 254 && at != std::string::npos && at > 0 &&
         at + 1 < text.size() && text.find('@', at + 1) == std::string::npos &&
         text.find_first_of(" \t\r\n<>,;\"") == std::string::npos;
}

std::string rfc5322(const Message& message, std::chrono::system_clock::time_point now) {
  const auto seconds = std::chrono::system_clock::to_time_t(now);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char date[64];
  std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &utc);
  const auto domain = message.from.substr(message.from.find('@') + 1);
  std::string text;
  text += "Date: " + std::string(date) + "\r\n";
  text += "From: " + oneLine(message.from) + "\r\n";
  text += "To: " + oneLine(message.to) + "\r\n";
  text += "Subject: " + headerText(message.subject) + "\r\n";
  text += "Message-ID: <" + randomHex(16) + "@" + oneLine(domain) + ">\r\n";
  text += "MIME-Version: 1.0\r\n";
  const auto plain = [&] {
    auto part =
        "Content-Type: text/plain; charset=UTF-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n" +
        crlf(message.body);
    return part.ends_with("\r\n") ? part : part + "\r\n";
  };
  // The body: the text, or the text and the HTML as alternatives (the HTML in base64, whose lines
  // stay short whatever the template's are). A boundary is random: no line of the text or of
  // base64 can be it.
  const auto body = [&] {
    if (message.html.empty()) {
      return plain();
    }
    const auto boundary = "=_dossier_alt_" + randomHex(12);
    std::string part = "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n\r\n";
    part += "--" + boundary + "\r\n" + plain();
    part += "--" + boundary + "\r\n";
    part += "Content-Type: text/html; charset=UTF-8\r\n";
    part += "Content-Transfer-Encoding: base64\r\n\r\n";
    part += base64Lines(message.html);
    part += "--" + boundary + "--\r\n";
    return part;
  };
  if (message.attachments.empty()) {
    return text + body();
  }
  const auto boundary = "=_dossier_" + randomHex(12);
  text += "Content-Type: multipart/mixed; boundary=\"" + boundary + "\"\r\n\r\n";
  text += "--" + boundary + "\r\n" + body();
  for (const auto& attachment : message.attachments) {
    text += "--" + boundary + "\r\n";
    text += "Content-Type: " + oneLine(attachment.contentType) + "\r\n";
    text += "Content-Disposition: attachment; " + fileNameParameters(attachment.fileName) + "\r\n";
    text += "Content-Transfer-Encoding: base64\r\n\r\n";
    text += base64Lines(attachment.content);
  }
  text += "--" + boundary + "--\r\n";
  return text;
}

Status send(const std::string& relayUrl, const Message& message, const std::string& text,
            std::chrono::seconds timeout) {
  if (!isEmailAddress(message.to)) {
    return Error::of(errors::kAddress, "'" + oneLine(message.to).substr(0, 100) +
                                           "' is not an e-mail address to send to.");
  }
  CURL* curl = curl_easy_init();
  if (curl == nullptr) {
    return Error::of(errors::kCurl, "the mail client could not start");
  }
  Reader reader{&text};
  curl_slist* recipients = curl_slist_append(nullptr, ("<" + message.to + ">").c_str());
  const auto from = "<" + message.from + ">";
  curl_easy_setopt(curl, CURLOPT_URL, relayUrl.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, readMessage);
  curl_easy_setopt(curl, CURLOPT_READDATA, &reader);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, static_cast<long>(timeout.count()));
  char problem[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, problem);
  const auto result = curl_easy_perform(curl);
  curl_slist_free_all(recipients);
  curl_easy_cleanup(curl);
  if (result != CURLE_OK) {
    return Error::of(errors::kRelay,
                     std::string("The e-mail could not be sent: ") +
                         (problem[0] != '\0' ? problem : curl_easy_strerror(result)) + ".");
  }
  return {};
}

}  // namespace dossier::mail

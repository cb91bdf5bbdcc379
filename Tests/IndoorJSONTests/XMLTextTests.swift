import Testing

@testable import IndoorJSON

/// ``XMLText``: escaping for the XML writers and decoding of character references in names.
@Suite struct XMLTextTests {
    @Test func escapingCoversTheFiveXMLCharacters() {
        #expect(XMLText.escaped(#"a & b < c > d "e" 'f'"#) == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
        #expect(XMLText.escaped("plain") == "plain")
    }

    @Test func namedAndNumericReferencesAreDecoded() {
        #expect(XMLText.unescaped("CHOW&amp;RAY") == "CHOW&RAY")
        #expect(XMLText.unescaped("&lt;b&gt; &quot;x&quot; &apos;y&apos;") == #"<b> "x" 'y'"#)
        #expect(XMLText.unescaped("caf&#233; &#x26; bar&#X2F;") == "café & bar/")
        #expect(XMLText.unescaped("a&nbsp;b") == "a\u{00A0}b")
    }

    @Test func whatIsNotAReferenceStaysAsWritten() {
        // A bare ampersand, an unknown name, no semicolon, a reference too long, a surrogate code point.
        #expect(XMLText.unescaped("H&M") == "H&M")
        #expect(XMLText.unescaped("a &unknown; b") == "a &unknown; b")
        #expect(XMLText.unescaped("Tom &amp Jerry") == "Tom &amp Jerry")
        #expect(XMLText.unescaped("&averyveryverylongname;") == "&averyveryverylongname;")
        #expect(XMLText.unescaped("&#xD800;") == "&#xD800;")
        #expect(XMLText.unescaped("&#;&#x;") == "&#;&#x;")
        #expect(XMLText.unescaped("ends with &") == "ends with &")
        // Decoding once: an escaped reference becomes the reference, not its character.
        #expect(XMLText.unescaped("&amp;amp;") == "&amp;")
        // Round trip through the writer's escaping.
        let text = #"Zara & "Co" <F1>"#
        #expect(XMLText.unescaped(XMLText.escaped(text)) == text)
    }
}

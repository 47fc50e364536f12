package io.mediaopt.media;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** What gets appended to media: the foreign files of polyglots, and what cameras write. */
public final class AppendedFiles {
    private AppendedFiles() {}

    /** A real ZIP (a JAR's format) holding a file named secret.txt. */
    public static byte[] zip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("secret.txt"));
            zip.write("payload".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return bytes.toByteArray();
    }

    /** The start of a PDF document. */
    public static byte[] pdf() {
        return ascii("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n%%EOF\n");
    }

    /** An HTML page as a browser would render it. */
    public static byte[] htmlPage() {
        return ascii("\r\n  <!DOCTYPE html><html><script>alert(document.cookie)</script></html>");
    }

    /** A foreign file and the words a refusal names it with. */
    public record Foreign(byte[] content, String description) {}

    /** One file of each foreign kind. */
    public static List<Foreign> foreign() throws IOException {
        List<Foreign> files = new ArrayList<>();
        files.add(new Foreign(zip(), "a ZIP archive"));
        files.add(new Foreign(ascii("Rar!\u001A\u0007\u0001\u0000rest of the archive"), "a RAR archive"));
        files.add(new Foreign(ascii("7z\u00BC\u00AF\u0027\u001C\u0000\u0004rest of the archive"), "a 7z archive"));
        files.add(new Foreign(gzip(), "a gzip archive"));
        files.add(new Foreign(ascii("BZh91AY&SYrest of the archive"), "a bzip2 archive"));
        files.add(new Foreign(ascii("\u00FD7zXZ\u0000\u0000\u0004rest of the archive"), "an xz archive"));
        files.add(new Foreign(pdf(), "a PDF document"));
        files.add(new Foreign(ascii("\u007FELF\u0002\u0001\u0001\u0000rest of the program"), "an ELF executable"));
        files.add(new Foreign(windowsExecutable(), "a Windows executable"));
        files.add(new Foreign(ascii("\u00CA\u00FE\u00BA\u00BE\u0000\u0000\u0000\u0041rest of the class"),
                "a Java class file"));
        files.add(new Foreign(ascii("#!/bin/sh\nrm -rf ~\n"), "a script"));
        files.add(new Foreign(htmlPage(), "an HTML page"));
        files.add(new Foreign(ascii("<HTML><BODY>hello</BODY></HTML>"), "an HTML page"));
        files.add(new Foreign(ascii("\n<script>alert(1)</script>"), "a script"));
        files.add(new Foreign(ascii("<?php system($_GET['c']); ?>"), "a PHP script"));
        files.add(new Foreign(ascii("\u00EF\u00BB\u00BF<?xml version=\"1.0\"?><x/>"), "an XML document"));
        files.add(new Foreign(ascii("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>"),
                "an SVG image"));
        return files;
    }

    /** A Samsung-style trailer: tagged records, then their directory (SEFH) and footer (SEFT). */
    public static byte[] vendorTrailer() {
        return concat(ascii("\u0000\u0000\u0001\nImage_UTC_Data1700000000000"),
                ascii("\u0000\u0000\u0031\u0080MCC_Data310"),
                ascii("SEFH\u006B\u0000\u0000\u0000\u0002\u0000\u0000\u0000"), ascii("\u0040\u0000\u0000\u0000SEFT"));
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) out.writeBytes(part);
        return out.toByteArray();
    }

    /** A DOS header whose e_lfanew points at the PE signature, as in every .exe. */
    private static byte[] windowsExecutable() {
        ByteBuffer exe = ByteBuffer.allocate(0x100).order(ByteOrder.LITTLE_ENDIAN);
        exe.put(ascii("MZ")).putInt(0x3C, 0x80).position(0x80);
        exe.put(ascii("PE\u0000\u0000")).putShort((short) 0x8664);
        return exe.array();
    }

    private static byte[] gzip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write("payload".getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    public static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}

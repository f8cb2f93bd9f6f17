package dev.jvmbench.api.artifact;

import dev.jvmbench.api.problem.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.tomcat.util.http.fileupload.MultipartStream;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * The upload's multipart body, read part by part from the request's own bytes. Servlet multipart
 * parsing is off (application.yaml): Tomcat's parser silently drops a part without a name
 * ({@code Content-Disposition: form-data; name=""}), so a body the contract's closed schema refuses
 * would be stored (Schemathesis, seed 2042518243, ST201). Here every part is seen: one part named
 * {@code file}, nothing else; the file's bytes go to a staging file while the rest of the body is
 * checked, so nothing is stored from a body that is then refused.
 */
final class UploadBody {

    static final String FILE = "file";
    /** The longest part header block read (Tomcat's own default is 10 KB); past it the body is malformed. */
    private static final int PART_HEADERS_MAX = 8 * 1024;

    /** The file part's name and media type as the client sent them; its bytes are in the staging file. */
    record FilePart(String filename, String contentType) {
    }

    private UploadBody() {
    }

    /**
     * Reads the body into {@code staging} (the file part's bytes only).
     *
     * @throws ApiException 400 for a body that is not one part named file (naming the part that is
     *         wrong), 413 past {@code maxFileBytes}
     */
    static FilePart read(HttpServletRequest request, Path staging, long maxFileBytes) throws IOException {
        long declared = request.getContentLengthLong();
        // the file plus its part headers and boundaries: a megabyte is ample for the rest
        if (declared > maxFileBytes + 1024 * 1024) {
            throw tooLarge(maxFileBytes);
        }
        MultipartStream parts = new MultipartStream(request.getInputStream(), boundary(request), 8192, null);
        parts.setPartHeaderSizeMax(PART_HEADERS_MAX);
        parts.setHeaderEncoding(StandardCharsets.UTF_8.name());
        FilePart file = null;
        try {
            boolean more = parts.skipPreamble();
            while (more) {
                PartHeaders headers = PartHeaders.parse(parts.readHeaders());
                if (!FILE.equals(headers.name())) {
                    throw ApiException.invalid(headers.name() == null || headers.name().isEmpty() ? "(unnamed part)"
                            : headers.name(), "is not a part of this upload; send one part, file");
                }
                if (file != null) {
                    throw ApiException.invalid(FILE, "is given more than once; send one JAR per upload");
                }
                try (OutputStream out = new CappedOutputStream(Files.newOutputStream(staging), maxFileBytes)) {
                    parts.readBodyData(out);
                }
                file = new FilePart(headers.filename(), headers.contentType());
                more = parts.readBoundary();
            }
        } catch (MultipartStream.MalformedStreamException | org.apache.tomcat.util.http.fileupload.impl.FileUploadIOException e) {
            throw malformed();
        } catch (CappedOutputStream.Exceeded e) {
            throw tooLarge(maxFileBytes);
        }
        if (file == null) {
            throw ApiException.invalid(FILE, "is required: send the JAR as a part named file");
        }
        return file;
    }

    private static byte[] boundary(HttpServletRequest request) {
        String boundary;
        try {
            boundary = MediaType.parseMediaType(request.getContentType()).getParameter("boundary");
        } catch (RuntimeException e) {
            boundary = null;
        }
        // a quoted boundary's quotes are not part of it: RFC 2046 counts 1 to 70 characters inside them
        if (boundary != null && boundary.length() > 1 && boundary.startsWith("\"") && boundary.endsWith("\"")) {
            boundary = boundary.substring(1, boundary.length() - 1);
        }
        if (boundary == null || boundary.isEmpty() || boundary.length() > 70) {
            throw malformed();
        }
        return boundary.getBytes(StandardCharsets.ISO_8859_1);
    }

    static ApiException malformed() {
        String detail = "the multipart body cannot be read; send multipart/form-data with a part named 'file'";
        return new ApiException(HttpStatus.BAD_REQUEST, "Bad Request", detail,
                List.of(new ApiException.FieldViolation("(body)", detail)));
    }

    private static ApiException tooLarge(long maxFileBytes) {
        return new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Content Too Large",
                "the upload is larger than this installation accepts (" + maxFileBytes + " bytes per file)");
    }

    /** A part's Content-Disposition name and filename, and its Content-Type. */
    private record PartHeaders(String name, String filename, String contentType) {

        static PartHeaders parse(String block) {
            String disposition = null;
            String contentType = null;
            for (String line : block.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                String header = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                if (header.equals("content-disposition")) {
                    disposition = value;
                } else if (header.equals("content-type")) {
                    contentType = value;
                }
            }
            if (disposition == null) {
                throw ApiException.invalid("(unnamed part)", "has no Content-Disposition; send one part, file");
            }
            ContentDisposition parsed;
            try {
                parsed = ContentDisposition.parse(disposition);
            } catch (RuntimeException e) {
                throw malformed();
            }
            if (!parsed.isFormData()) {
                throw malformed();
            }
            return new PartHeaders(parsed.getName(), parsed.getFilename(), contentType);
        }
    }

    /** Stops writing past the limit: a file over bench.artifacts.max-size is refused, not staged. */
    private static final class CappedOutputStream extends java.io.FilterOutputStream {

        static final class Exceeded extends IOException {
            Exceeded() {
                super("over the upload limit");
            }
        }

        private final long limit;
        private long written;

        CappedOutputStream(OutputStream out, long limit) {
            super(out);
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            count(1);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            count(len);
            out.write(b, off, len);
        }

        private void count(int bytes) throws Exceeded {
            written += bytes;
            if (written > limit) {
                throw new Exceeded();
            }
        }
    }
}

package dev.jvmbench.worker.image;

/**
 * No image for the run. The message is written to be a run's failure reason as it stands
 * (which image, which artifact, what to do); the cause keeps the detail for the log.
 */
public class ImageResolutionException extends RuntimeException {

    public ImageResolutionException(String message) {
        super(message);
    }

    public ImageResolutionException(String message, Throwable cause) {
        super(message, cause);
    }
}

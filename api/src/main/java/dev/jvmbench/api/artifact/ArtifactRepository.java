package dev.jvmbench.api.artifact;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface ArtifactRepository extends JpaRepository<ArtifactEntity, Long> {

    Optional<ArtifactEntity> findBySha256(String sha256);
}

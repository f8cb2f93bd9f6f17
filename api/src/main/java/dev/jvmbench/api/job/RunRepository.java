package dev.jvmbench.api.job;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

interface RunRepository extends JpaRepository<RunEntity, Long> {

    List<RunEntity> findByJobIdOrderBySeq(Long jobId);

    List<RunEntity> findByJobIdInOrderBySeq(java.util.Collection<Long> jobIds);
}

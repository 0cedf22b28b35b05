//! The generation each owner's sessions must carry, kept in memory between requests.

use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

use crate::service::auth::{Owner, session_generation};
use crate::service::{Service, ServiceError};

/// The generation each owner's sessions must carry, as last read from the database. Everything
/// that moves a generation on runs in this process and forgets the owner's entry.
#[derive(Default)]
pub struct Generations {
    known: RwLock<HashMap<Owner, Option<i32>>>,
}

impl Generations {
    /// Forgets what was read of an owner: the next request reads it again.
    pub fn forget(&self, owner: Owner) {
        self.known
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&owner);
    }

    /// The generation of `owner`'s sessions: as last read, or read now.
    pub async fn current(
        &self,
        service: &Service,
        owner: Owner,
    ) -> Result<Option<i32>, ServiceError> {
        if let Some(g) = self
            .known
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&owner)
        {
            return Ok(*g);
        }
        let g = service
            .read(move |conn| session_generation(conn, owner))
            .await?;
        self.known
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(owner, g);
        Ok(g)
    }
}
